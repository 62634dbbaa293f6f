import { useEffect } from 'react';
import { ActiveCall } from './active-call.tsx';
import { CallNotice, IncomingCall, OutgoingCall } from './call-overlays.tsx';
import { useCall } from './use-call.ts';
import './call-host.css';

/**
 * Rings on any screen: mounted once inside the chat provider. Shows the incoming alert,
 * the outgoing overlay, the call view, and what happened when a call did not go through.
 */
export function CallHost() {
  const { controller, view } = useCall();
  useEffect(() => {
    if (!controller) return;
    // Closing the page hangs up, so the other side is not left in a silent call.
    const leave = () => controller.leave();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave(); // signed out: the chat client goes, and the call with it
    };
  }, [controller]);
  if (!controller || !view) return null;
  return (
    <>
      {view.phase === 'incoming' && <IncomingCall view={view} controller={controller} />}
      {view.phase === 'outgoing' && <OutgoingCall view={view} controller={controller} />}
      {view.phase === 'active' && <ActiveCall view={view} controller={controller} />}
      {view.phase === 'idle' && <CallNotice view={view} controller={controller} />}
    </>
  );
}
