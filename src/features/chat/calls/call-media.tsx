import { useEffect, useRef, useState } from 'react';

/** A <video>/<audio> playing a MediaStream (srcObject has no JSX attribute). */
export function StreamPlayer({
  stream,
  kind,
  muted = false,
  className,
  label,
}: {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  muted?: boolean;
  className?: string;
  label?: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  if (kind === 'audio') return <audio ref={ref} autoPlay muted={muted} />;
  return <video ref={ref} autoPlay playsInline muted={muted} className={className} aria-label={label} />;
}

/** mm:ss since `since` (ms), ticking every second. */
export function useDuration(since: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [since]);
  if (since === null) return '00:00';
  const total = Math.max(0, Math.floor((now - since) / 1000));
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
