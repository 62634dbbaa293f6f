/** Strings of the profile page (namespace `profile`). */
const id = {
  title: 'Profil',
  system: {
    title: 'Admin sistem',
    errors: 'Laporan kesalahan aplikasi',
    errorsHint: 'Kesalahan dari semua perangkat, dikelompokkan, dan sesi tanpa kesalahan per rilis.',
  },
  account: 'Data akun',
  username: 'Nama pengguna',
  email: 'Email',
  emailUnverified: 'Email belum diverifikasi. Buka tautan verifikasi yang kami kirim ke email Anda.',
  phone: 'Nomor HP',
  phoneHint: 'Contoh: 0812 3456 7890',
  city: 'Kota',
  save: 'Simpan profil',
  saved: 'Profil tersimpan.',
  password: {
    title: 'Ubah kata sandi',
    old: 'Kata sandi lama',
    new: 'Kata sandi baru',
    newHint: 'Minimal 8 karakter.',
    confirm: 'Ulangi kata sandi baru',
    submit: 'Ubah kata sandi',
    done: 'Kata sandi berhasil diubah.',
  },
  logout: {
    title: 'Keluar',
    intro: 'Keluar dari Tambak di perangkat ini. Anda perlu masuk lagi dengan kode.',
    button: 'Keluar dari akun',
    confirm: 'Keluar dari Tambak di perangkat ini?',
    done: 'Anda sudah keluar.',
    doneKept_one: 'Anda sudah keluar. {{count}} data tetap di ponsel dan dikirim setelah Anda masuk lagi.',
    doneKept_other: 'Anda sudah keluar. {{count}} data tetap di ponsel dan dikirim setelah Anda masuk lagi.',
    unsentTitle: 'Ada data belum terkirim',
    unsent_one: '1 data belum terkirim ke server.',
    unsent_other: '{{count}} data belum terkirim ke server.',
    keepExplain:
      'Jika Anda keluar, data itu tetap disimpan di ponsel ini dan dikirim setelah Anda masuk lagi dengan akun ini.',
    sendFirst: 'Kirim sekarang dulu',
    keep: 'Keluar, simpan data di ponsel',
    discard_one: 'Hapus {{count}} data yang belum terkirim…',
    discard_other: 'Hapus {{count}} data yang belum terkirim…',
    discardConfirm_one:
      '{{count}} data akan dihapus dari ponsel ini dan tidak akan pernah sampai ke server. Data yang dihapus tidak bisa dikembalikan.',
    discardConfirm_other:
      '{{count}} data akan dihapus dari ponsel ini dan tidak akan pernah sampai ke server. Data yang dihapus tidak bisa dikembalikan.',
    discardButton_one: 'Ya, hapus {{count}} data dan keluar',
    discardButton_other: 'Ya, hapus {{count}} data dan keluar',
  },
};

export type ProfileCatalog = typeof id;

const en: ProfileCatalog = {
  title: 'Profile',
  system: {
    title: 'System admin',
    errors: 'App error reports',
    errorsHint: 'Errors from every device, grouped, and crash-free sessions per release.',
  },
  account: 'Account details',
  username: 'Username',
  email: 'Email',
  emailUnverified: 'Email not verified yet. Open the verification link we sent to your email.',
  phone: 'Phone number',
  phoneHint: 'Example: 0812 3456 7890',
  city: 'City',
  save: 'Save profile',
  saved: 'Profile saved.',
  password: {
    title: 'Change password',
    old: 'Current password',
    new: 'New password',
    newHint: 'At least 8 characters.',
    confirm: 'Repeat new password',
    submit: 'Change password',
    done: 'Password changed.',
  },
  logout: {
    title: 'Sign out',
    intro: 'Sign out of Tambak on this device. You will need a code to sign in again.',
    button: 'Sign out',
    confirm: 'Sign out of Tambak on this device?',
    done: 'You are signed out.',
    doneKept_one:
      'You are signed out. {{count}} record stays on this phone and is sent after you sign in again.',
    doneKept_other:
      'You are signed out. {{count}} records stay on this phone and are sent after you sign in again.',
    unsentTitle: 'Unsent records',
    unsent_one: '1 record has not reached the server yet.',
    unsent_other: '{{count}} records have not reached the server yet.',
    keepExplain:
      'If you sign out, they stay on this phone and are sent after you sign in again with this account.',
    sendFirst: 'Send them now first',
    keep: 'Sign out, keep them on this phone',
    discard_one: 'Delete the {{count}} unsent record…',
    discard_other: 'Delete the {{count}} unsent records…',
    discardConfirm_one:
      '{{count}} record will be deleted from this phone and will never reach the server. This cannot be undone.',
    discardConfirm_other:
      '{{count}} records will be deleted from this phone and will never reach the server. This cannot be undone.',
    discardButton_one: 'Yes, delete {{count}} record and sign out',
    discardButton_other: 'Yes, delete {{count}} records and sign out',
  },
};

export const profileLocales = { id, en };
