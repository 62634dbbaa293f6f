import type { Language } from './language.ts';

/**
 * Messages shared by server and client: error codes, field validation and API
 * success messages. UI strings live beside their feature (features/x/locales.ts).
 * Interpolation uses i18next's `{{name}}` syntax so the client can reuse this catalog.
 */
const id = {
  error: {
    'validation-failed': 'Data yang dikirim tidak valid.',
    unauthenticated: 'Silakan masuk terlebih dahulu.',
    'session-expired': 'Sesi Anda telah berakhir. Silakan masuk lagi.',
    forbidden: 'Anda tidak memiliki izin untuk tindakan ini.',
    'not-found': 'Data tidak ditemukan.',
    conflict: 'Data bertabrakan dengan perubahan lain.',
    'rate-limited': 'Terlalu banyak permintaan. Coba lagi sebentar lagi.',
    internal: 'Terjadi kesalahan pada server. Coba lagi nanti.',
    'invalid-credentials': 'Email atau kata sandi salah.',
    'invalid-code': 'Kode verifikasi salah.',
    'code-expired': 'Kode verifikasi sudah kedaluwarsa atau sudah dipakai. Minta kode baru.',
    'too-many-attempts': 'Terlalu banyak percobaan. Coba lagi dalam beberapa menit.',
    'invalid-link': 'Tautan tidak valid atau sudah kedaluwarsa.',
    'email-taken': 'Email sudah terdaftar.',
    'phone-taken': 'Nomor telepon sudah terdaftar.',
    'email-or-phone-required': 'Isi email atau nomor telepon.',
    'last-admin': 'Admin terakhir tidak dapat keluar dari tambak. Tunjuk admin lain terlebih dahulu.',
    'role-not-allowed': 'Peran ini tidak dapat diberikan.',
    'pond-access-denied': 'Anda tidak memiliki akses ke kolam ini.',
    'user-already-member': 'Pengguna sudah menjadi anggota tambak ini.',
    'user-not-found': 'Pengguna tidak ditemukan.',
    'cycle-active-exists': 'Kolam ini masih memiliki siklus aktif.',
    'cycle-ended': 'Siklus ini sudah selesai.',
    'payload-too-large': 'Berkas terlalu besar.',
    'unsupported-media-type': 'Jenis berkas tidak didukung.',
    network: 'Tidak ada koneksi. Data disimpan dan akan dikirim saat online.',
  },
  validation: {
    required: 'Wajib diisi.',
    email: 'Format email tidak valid.',
    numeric: 'Harus berupa angka.',
    integer: 'Harus berupa bilangan bulat.',
    min: 'Minimal {{min}}.',
    max: 'Maksimal {{max}}.',
    minLength: 'Minimal {{min}} karakter.',
    maxLength: 'Maksimal {{max}} karakter.',
    confirmed: 'Konfirmasi tidak cocok.',
    pattern: 'Format tidak valid.',
    oneOf: 'Pilihan tidak valid.',
    time: 'Format jam harus JJ:mm.',
    date: 'Tanggal tidak valid.',
    phone: 'Nomor telepon tidak valid.',
    unique: 'Tidak boleh sama dengan yang lain.',
    invalid: 'Nilai tidak valid.',
  },
  server: {
    ok: 'Berhasil.',
    created: 'Berhasil disimpan.',
    updated: 'Berhasil diperbarui.',
    deleted: 'Berhasil dihapus.',
    'code-sent': 'Kode verifikasi telah dikirim.',
    'logged-in': 'Berhasil masuk.',
    'logged-out': 'Berhasil keluar.',
    'reset-sent': 'Jika akun terdaftar, tautan atur ulang kata sandi telah dikirim.',
    'password-changed': 'Kata sandi berhasil diubah.',
    'email-verified': 'Email berhasil diverifikasi.',
    registered: 'Pendaftaran berhasil. Masuk dengan kode yang kami kirim.',
    'mail-code-subject': 'Kode masuk Tambak',
    'mail-code-body': 'Kode masuk Tambak Anda: {{code}}. Berlaku 10 menit. Jangan bagikan kode ini.',
    'mail-reset-subject': 'Atur ulang kata sandi Tambak',
    'mail-reset-body': 'Buka tautan ini untuk mengatur ulang kata sandi (berlaku 1 jam): {{link}}',
    'mail-verify-subject': 'Verifikasi email Tambak',
    'mail-verify-body': 'Buka tautan ini untuk memverifikasi email Anda: {{link}}',
    'mail-invite-subject': 'Undangan tambak {{farm}}',
    'mail-invite-body': 'Anda diundang ke tambak {{farm}} di Tambak. Masuk dengan {{login}} untuk mulai.',
  },
};

export type MessageCatalog = typeof id;

const en: MessageCatalog = {
  error: {
    'validation-failed': 'The data sent is not valid.',
    unauthenticated: 'Please sign in first.',
    'session-expired': 'Your session has ended. Please sign in again.',
    forbidden: 'You do not have permission for this action.',
    'not-found': 'Data not found.',
    conflict: 'The data conflicts with another change.',
    'rate-limited': 'Too many requests. Try again shortly.',
    internal: 'Something went wrong on the server. Try again later.',
    'invalid-credentials': 'Wrong email or password.',
    'invalid-code': 'The verification code is wrong.',
    'code-expired': 'The verification code has expired or was already used. Request a new one.',
    'too-many-attempts': 'Too many attempts. Try again in a few minutes.',
    'invalid-link': 'The link is not valid or has expired.',
    'email-taken': 'This email is already registered.',
    'phone-taken': 'This phone number is already registered.',
    'email-or-phone-required': 'Enter an email or a phone number.',
    'last-admin': 'The last admin cannot leave the farm. Make someone else admin first.',
    'role-not-allowed': 'This role cannot be given.',
    'pond-access-denied': 'You do not have access to this pond.',
    'user-already-member': 'This user is already a member of the farm.',
    'user-not-found': 'User not found.',
    'cycle-active-exists': 'This pond still has an active cycle.',
    'cycle-ended': 'This cycle has already ended.',
    'payload-too-large': 'The file is too large.',
    'unsupported-media-type': 'This file type is not supported.',
    network: 'No connection. The data is saved and will be sent when online.',
  },
  validation: {
    required: 'Required.',
    email: 'Not a valid email address.',
    numeric: 'Must be a number.',
    integer: 'Must be a whole number.',
    min: 'At least {{min}}.',
    max: 'At most {{max}}.',
    minLength: 'At least {{min}} characters.',
    maxLength: 'At most {{max}} characters.',
    confirmed: 'The confirmation does not match.',
    pattern: 'Invalid format.',
    oneOf: 'Not a valid choice.',
    time: 'Time must be HH:mm.',
    date: 'Not a valid date.',
    phone: 'Not a valid phone number.',
    unique: 'Must not repeat another value.',
    invalid: 'Invalid value.',
  },
  server: {
    ok: 'Success.',
    created: 'Saved.',
    updated: 'Updated.',
    deleted: 'Deleted.',
    'code-sent': 'A verification code has been sent.',
    'logged-in': 'Signed in.',
    'logged-out': 'Signed out.',
    'reset-sent': 'If the account exists, a password reset link has been sent.',
    'password-changed': 'Password changed.',
    'email-verified': 'Email verified.',
    registered: 'Registered. Sign in with the code we sent.',
    'mail-code-subject': 'Your Tambak sign-in code',
    'mail-code-body': 'Your Tambak sign-in code: {{code}}. Valid for 10 minutes. Do not share it.',
    'mail-reset-subject': 'Reset your Tambak password',
    'mail-reset-body': 'Open this link to reset your password (valid for 1 hour): {{link}}',
    'mail-verify-subject': 'Verify your Tambak email',
    'mail-verify-body': 'Open this link to verify your email: {{link}}',
    'mail-invite-subject': 'Invitation to farm {{farm}}',
    'mail-invite-body': 'You were invited to farm {{farm}} on Tambak. Sign in with {{login}} to start.',
  },
};

export const MESSAGES: Record<Language, MessageCatalog> = { id, en };

/** Looks up `section.key` and fills `{{param}}` placeholders. Used by the server. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const [section, ...rest] = key.split('.');
  const catalog = MESSAGES[lang] as unknown as Record<string, Record<string, string>>;
  const fallback = MESSAGES.en as unknown as Record<string, Record<string, string>>;
  const template = catalog[section]?.[rest.join('.')] ?? fallback[section]?.[rest.join('.')] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
