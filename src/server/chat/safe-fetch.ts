import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * A fetch of someone else's web page on a user's word (a link in a chat message) that
 * cannot be turned against the server's own network (SSRF, OWASP API7): http and https
 * only, no user:password in the URL; every host name is resolved here and each address
 * must be public (no loopback, private, link-local, carrier-grade NAT, multicast,
 * reserved, IPv4 inside IPv6), and the connection goes to the very address checked (no
 * second lookup a rebinding DNS could answer differently); redirects are followed by
 * hand, at most three, each checked the same way; an overall deadline; the answer must
 * say HTML and stay under the size limit. Any refusal is a `SafeFetchRefused`.
 */

export class SafeFetchRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'address' | 'timeout' | 'too-large' | 'not-html' | 'status' | 'network',
  ) {
    super(`refused: ${reason}`);
  }
}

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Whether an address may be reached; default: public addresses only (tests widen it). */
  isAllowedAddress?: (address: string) => boolean;
  /** Name resolution; default the system's (tests name their own). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface FetchedPage {
  url: string;
  html: string;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127], // :: and ::1
  ['::ffff:0:0', 96], // IPv4-mapped (checked as IPv4 below)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // Teredo, benchmarking, ORCHID…
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 (carries any IPv4)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address on the public internet only. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blocked.check(address, 'ipv4');
  if (version !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  return !blocked.check(address, 'ipv6');
}

const HTML = /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i;

export async function safeFetchHtml(raw: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const {
    timeoutMs = 5000,
    maxBytes = 1024 * 1024,
    maxRedirects = 3,
    isAllowedAddress = isPublicAddress,
    resolve = (host) => dnsLookup(host, { all: true, verbatim: true }),
  } = options;
  const deadline = AbortSignal.timeout(timeoutMs);
  let url = parseUrl(raw);
  for (let hop = 0; ; hop++) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await resolveIn(resolve, host, deadline);
    if (addresses.length === 0 || !addresses.every((a) => isAllowedAddress(a.address)))
      throw new SafeFetchRefused('address');
    const response = await get(url, addresses[0], deadline);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new SafeFetchRefused('status');
      url = parseUrl(new URL(response.headers.location, url).toString());
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new SafeFetchRefused('status');
    }
    if (!HTML.test(String(response.headers['content-type'] ?? ''))) {
      response.destroy();
      throw new SafeFetchRefused('not-html');
    }
    if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
      response.destroy();
      throw new SafeFetchRefused('too-large');
    }
    return { url: url.toString(), html: await readCapped(response, maxBytes, deadline) };
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchRefused('scheme');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new SafeFetchRefused('scheme');
  return url;
}

async function resolveIn(
  resolve: NonNullable<SafeFetchOptions['resolve']>,
  host: string,
  deadline: AbortSignal,
): Promise<{ address: string; family: number }[]> {
  try {
    return await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) =>
        deadline.addEventListener('abort', () => reject(new SafeFetchRefused('timeout')), { once: true }),
      ),
    ]);
  } catch (error) {
    throw error instanceof SafeFetchRefused ? error : new SafeFetchRefused('network');
  }
}

function get(
  url: URL,
  pinned: { address: string; family: number },
  deadline: AbortSignal,
): Promise<IncomingMessage> {
  // The connection goes to the checked address, whatever a second lookup would say.
  const lookup: LookupFunction = (_host, opts, done) => {
    if ((opts as { all?: boolean }).all)
      (done as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else done(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    if (deadline.aborted) return reject(new SafeFetchRefused('timeout'));
    const req = send(url, {
      method: 'GET',
      lookup,
      signal: deadline,
      headers: {
        'user-agent': 'TambakLinkPreview/1.0',
        accept: 'text/html,application/xhtml+xml;q=0.9',
        'accept-encoding': 'identity',
      },
    });
    req.on('response', resolve);
    req.on('error', () => reject(new SafeFetchRefused(deadline.aborted ? 'timeout' : 'network')));
    req.end();
  });
}

function readCapped(response: IncomingMessage, maxBytes: number, deadline: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new SafeFetchRefused('too-large')); // first: destroying emits "aborted" at once
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', () => reject(new SafeFetchRefused(deadline.aborted ? 'timeout' : 'network')));
    response.on('aborted', () => reject(new SafeFetchRefused(deadline.aborted ? 'timeout' : 'network')));
  });
}
