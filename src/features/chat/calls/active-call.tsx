import '../register-locales.ts';
import { useTranslation } from 'react-i18next';
import { HangUpIcon, MicIcon, MicOffIcon, VideoIcon, VideoOffIcon } from '../chat-icons.ts';
import type { CallController, CallView } from './call-controller.ts';
import { StreamPlayer, useDuration } from './call-media.tsx';

/** The call in progress: the other party (video or name), duration, mute, camera, end. */
export function ActiveCall({ view, controller }: { view: CallView; controller: CallController }) {
  const { t } = useTranslation('chatCalls');
  const duration = useDuration(view.rtc === 'connected' ? view.startedAt : null);
  const video = view.type === 'video';
  const connected = view.rtc === 'connected';
  return (
    <div
      className={`call-screen${video ? ' call-screen--video' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby="call-active-title"
      data-testid="call-active"
      data-rtc-state={view.rtc}
    >
      {video ? (
        <StreamPlayer
          stream={view.remote}
          kind="video"
          className="call-screen__remote"
          label={view.peerName}
        />
      ) : (
        <StreamPlayer stream={view.remote} kind="audio" />
      )}
      <div className="call-screen__center">
        {!video && (
          <span className="call-avatar" aria-hidden="true">
            {view.peerName.trim().charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <h2 id="call-active-title" className="call-screen__name">
          {view.peerName}
        </h2>
        <p className="call-screen__status" aria-live="polite">
          {connected ? t('active.connected') : t('active.connecting')}
        </p>
        <p className="call-screen__timer">
          <span aria-hidden="true" data-testid="call-duration">
            {duration}
          </span>
          <span className="visually-hidden">{t('active.duration', { time: duration })}</span>
        </p>
      </div>
      {video && (
        <StreamPlayer
          stream={view.local}
          kind="video"
          muted
          className="call-screen__self"
          label={t('active.you')}
        />
      )}
      <div className="call-screen__controls">
        <button
          type="button"
          className="call-round"
          aria-pressed={view.muted}
          onClick={() => controller.toggleMute()}
        >
          {view.muted ? <MicOffIcon /> : <MicIcon />}
          <span>{view.muted ? t('active.unmute') : t('active.mute')}</span>
        </button>
        {video && (
          <button
            type="button"
            className="call-round"
            aria-pressed={view.cameraOff}
            onClick={() => controller.toggleCamera()}
          >
            {view.cameraOff ? <VideoOffIcon /> : <VideoIcon />}
            <span>{view.cameraOff ? t('active.cameraOn') : t('active.cameraOff')}</span>
          </button>
        )}
        <button type="button" className="call-round call-round--end" onClick={() => controller.hangUp()}>
          <HangUpIcon />
          <span>{t('active.end')}</span>
        </button>
      </div>
    </div>
  );
}
