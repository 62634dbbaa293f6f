import { useState } from 'react';

interface AvatarProps {
  name: string;
  src?: string | null;
  /** Users only: a presence dot (seed 001 §2). */
  status?: 'online' | 'offline';
  size?: number;
}

const COLOURS = ['#0f766e', '#1d4ed8', '#7c3aed', '#b45309', '#be123c', '#15803d', '#0369a1'];

function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[h % COLOURS.length];
}

/** Picture, or initials on a colour picked from the name; decorative next to the name text. */
export function Avatar({ name, src, status, size = 40 }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span className="chat-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {src && !broken ? (
        <img src={src} alt="" width={size} height={size} onError={() => setBroken(true)} />
      ) : (
        <span className="chat-avatar__initials" style={{ background: colourOf(name), fontSize: size * 0.4 }}>
          {initials || '?'}
        </span>
      )}
      {status && <span className={`chat-avatar__dot chat-avatar__dot--${status}`} />}
    </span>
  );
}
