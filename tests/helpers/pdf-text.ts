/** pdfjs 6 (under pdf-to-png-converter) calls an ArrayBuffer method Node 20 lacks. */
export function polyfillTransfer() {
  const proto = ArrayBuffer.prototype as { transferToFixedLength?: (length?: number) => ArrayBuffer };
  proto.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
    const out = new ArrayBuffer(length);
    new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return out;
  };
}

/** The text of every page of a PDF, a line per page (pdfjs, as a reader would extract it). */
export async function pdfText(bytes: Buffer): Promise<string> {
  polyfillTransfer();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += `${content.items.map((it) => ('str' in it ? it.str : '')).join(' ')}\n`;
  }
  return text;
}
