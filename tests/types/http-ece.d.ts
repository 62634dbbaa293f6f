/** The Web Push content-encoding library web-push uses; the push test decrypts with it as a browser would. */
declare module 'http_ece' {
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: import('node:crypto').ECDH; authSecret: string },
  ): Buffer;
}
