/**
 * Normalises a phone number to E.164 with Indonesia as the default country:
 * "0812-3456-789" → "+628123456789", "628123…" → "+628123…". Returns null when it
 * cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\+?\d{7,16}$/.test(digits)) return null;
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('0')) return `+62${digits.slice(1)}`;
  if (digits.startsWith('62')) return `+${digits}`;
  return `+62${digits}`;
}

/** "+628123456789" → "+62•••••••789" for showing where a code went. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}${'•'.repeat(Math.max(phone.length - 6, 0))}${phone.slice(-3)}`;
}

export function maskEmail(email: string): string {
  const [name, domain] = email.split('@');
  return `${name.slice(0, 2)}${'•'.repeat(Math.max(name.length - 2, 1))}@${domain}`;
}
