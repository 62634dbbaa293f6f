/** Strings of the call buttons, the incoming/outgoing overlays and the call view (namespace `chatCalls`). */
const id = {
  buttons: {
    audio: 'Panggilan suara ke {{name}}',
    video: 'Panggilan video ke {{name}}',
  },
  type: {
    audio: 'Panggilan suara',
    video: 'Panggilan video',
  },
  incoming: {
    title: 'Panggilan masuk',
    audio: '{{name}} memanggil (suara)',
    video: '{{name}} memanggil (video)',
    accept: 'Terima',
    decline: 'Tolak',
  },
  outgoing: {
    calling: 'Memanggil {{name}}…',
    connecting: 'Menghubungkan…',
    cancel: 'Batalkan',
  },
  active: {
    connecting: 'Menyambungkan suara…',
    connected: 'Tersambung',
    mute: 'Matikan mikrofon',
    unmute: 'Nyalakan mikrofon',
    cameraOff: 'Matikan kamera',
    cameraOn: 'Nyalakan kamera',
    end: 'Akhiri',
    duration: 'Durasi {{time}}',
    you: 'Anda',
  },
  notice: {
    busy: '{{name}} sedang dalam panggilan lain.',
    rejected: '{{name}} menolak panggilan.',
    unanswered: '{{name}} tidak menjawab.',
    ended: 'Panggilan berakhir.',
    failed: 'Panggilan tidak dapat dimulai. Periksa koneksi lalu coba lagi.',
    offline: 'Anda sedang offline. Panggilan butuh koneksi internet.',
    media: 'Mikrofon atau kamera tidak dapat dipakai. Izinkan akses di pengaturan peramban.',
    inCall: 'Anda sedang dalam panggilan.',
    lost: 'Sambungan panggilan terputus.',
    close: 'Tutup',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const en: Shape<typeof id> = {
  buttons: {
    audio: 'Audio call {{name}}',
    video: 'Video call {{name}}',
  },
  type: {
    audio: 'Audio call',
    video: 'Video call',
  },
  incoming: {
    title: 'Incoming call',
    audio: '{{name}} is calling (audio)',
    video: '{{name}} is calling (video)',
    accept: 'Accept',
    decline: 'Decline',
  },
  outgoing: {
    calling: 'Calling {{name}}…',
    connecting: 'Connecting…',
    cancel: 'Cancel',
  },
  active: {
    connecting: 'Connecting audio…',
    connected: 'Connected',
    mute: 'Mute microphone',
    unmute: 'Unmute microphone',
    cameraOff: 'Turn camera off',
    cameraOn: 'Turn camera on',
    end: 'End',
    duration: 'Duration {{time}}',
    you: 'You',
  },
  notice: {
    busy: '{{name}} is on another call.',
    rejected: '{{name}} declined the call.',
    unanswered: '{{name}} did not answer.',
    ended: 'Call ended.',
    failed: 'The call could not be started. Check the connection and try again.',
    offline: 'You are offline. Calls need an internet connection.',
    media: 'The microphone or camera cannot be used. Allow access in the browser settings.',
    inCall: 'You are already on a call.',
    lost: 'The call connection was lost.',
    close: 'Close',
  },
};

export const chatCallsLocales = { id, en };
