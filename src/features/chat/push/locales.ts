/** Strings of the chat's notification switch (namespace `chatPush`). */
const id = {
  label: 'Notifikasi pesan',
  on: 'Aktif: pesan baru muncul di ponsel ini saat Tambak tertutup.',
  off: 'Nonaktif. Aktifkan agar pesan baru muncul saat Tambak tertutup.',
  denied: 'Diblokir di pengaturan browser. Izinkan notifikasi untuk situs ini, lalu coba lagi.',
  unsupported: 'Browser ini tidak mendukung notifikasi.',
  enable: 'Aktifkan',
  disable: 'Matikan',
  failed: 'Notifikasi gagal diaktifkan. Periksa koneksi lalu coba lagi.',
};

const en: typeof id = {
  label: 'Message notifications',
  on: 'On: new messages show on this phone while Tambak is closed.',
  off: 'Off. Turn on to see new messages while Tambak is closed.',
  denied: 'Blocked in the browser settings. Allow notifications for this site, then try again.',
  unsupported: 'This browser does not support notifications.',
  enable: 'Turn on',
  disable: 'Turn off',
  failed: 'Could not turn on notifications. Check the connection and try again.',
};

export const chatPushLocales = { id, en };
