import { localFlags } from '#local/local-flags';

/**
 * Seed 001 §9 "sounds play on send": a short rising blip (about 0.12 s) made with WebAudio,
 * no file to download. Quiet when the chat sound is off on this device (settings, the
 * `chatSound` local flag), when the page is not visible, and as the OS says: where the
 * browser has the Audio Session API the session is "ambient", so a phone on silent stays
 * silent and music playing is not interrupted.
 */
export function shouldPlaySendSound(soundOn: boolean, visibility: DocumentVisibilityState): boolean {
  return soundOn && visibility === 'visible';
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return undefined;
  const session = (navigator as { audioSession?: { type: string } }).audioSession;
  if (session) session.type = 'ambient';
  context ??= new Ctor();
  return context;
}

export function playSendSound(): void {
  if (!shouldPlaySendSound(localFlags.get().chatSound, document.visibilityState)) return;
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(660, now);
    tone.frequency.exponentialRampToValueAtTime(1320, now + 0.09);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.08, now + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.12);
    tone.connect(gain).connect(ctx.destination);
    tone.start(now);
    tone.stop(now + 0.13);
  } catch {
    // no audio device or a browser that refuses: sending goes on silently
  }
}
