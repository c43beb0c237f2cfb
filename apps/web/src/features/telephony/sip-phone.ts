import type { VoipMe } from '@crm/contracts';
import { UA, WebSocketInterface } from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import type { LineEvent, PhoneLine } from './call-controller';
import { iceGatheringCutter } from './ice-timeout';

export type SipCredentials = NonNullable<VoipMe['sip']>;

/** Audio only, both ways (spec §2: a telephone, not a video call). */
const AUDIO_ONLY = { mediaConstraints: { audio: true, video: false } } as const;

interface LineCall {
  session: RTCSession;
  /** The SIP Call-ID (what OnlinePBX's call/transfer names). */
  sipCallId: string;
  stopIce: () => void;
}

/**
 * The SIP side of spec §2's call widget over JsSIP: from GET /voip/me's credentials, a user agent registers over
 * the provider's WebSocket, places calls to `sip:{number}@{domain}`, takes incoming ones (newRTCSession), answers,
 * holds and hangs up. It only reports: the call machine decides (call-controller.ts). The remote voice plays
 * through `audio`; spec §8 "audio errors logged only".
 */
export function createSipLine(sip: SipCredentials, audio: HTMLAudioElement): PhoneLine {
  const domain = sip.uri.slice(sip.uri.indexOf('@') + 1);
  const calls = new Map<string, LineCall>();
  let ua: UA | null = null;
  let emit: (event: LineEvent) => void = () => {};
  let incoming = 0;
  // ua.call() announces its own session (newRTCSession) before it returns: the id it is to be known by.
  let dialing: string | null = null;

  const playRemote = (connection: RTCPeerConnection) =>
    connection.addEventListener('track', (event) => {
      const [stream] = event.streams;
      if (!stream) return;
      audio.srcObject = stream;
      audio.play().catch((error: unknown) => console.warn('call audio could not play', error));
    });

  // Spec §8 "connection, ICE or call error hangs up": a call whose media path is lost for good (ICE failed) is
  // ended here, not left speaking into silence; the machine hears it as a failed call.
  const hangUpOnIceFailure = (callId: string, session: RTCSession, connection: RTCPeerConnection) =>
    connection.addEventListener('iceconnectionstatechange', () => {
      if (connection.iceConnectionState !== 'failed' || !calls.has(callId)) return;
      forget(callId);
      emit({ type: 'failed', callId, reason: 'ICE' });
      if (!ended(session)) session.terminate();
    });

  const watch = (callId: string, session: RTCSession, connection: RTCPeerConnection) => {
    playRemote(connection);
    hangUpOnIceFailure(callId, session, connection);
  };

  const ended = (session: RTCSession) => session.isEnded();

  const forget = (callId: string) => {
    calls.get(callId)?.stopIce();
    calls.delete(callId);
  };

  function follow(callId: string, session: RTCSession, sipCallId: string) {
    const ice = iceGatheringCutter();
    calls.set(callId, { session, sipCallId, stopIce: ice.cancel });
    session.on('icecandidate', ice.onCandidate);
    if (session.connection) watch(callId, session, session.connection);
    else session.on('peerconnection', ({ peerconnection }) => watch(callId, session, peerconnection));
    session.on('accepted', () => emit({ type: 'accepted', callId }));
    session.on('ended', () => {
      forget(callId);
      emit({ type: 'bye', callId });
    });
    session.on('failed', (event) => {
      forget(callId);
      emit({ type: 'failed', callId, reason: event.cause });
    });
  }

  const onSession = (event: RTCSessionEvent) => {
    if (event.originator === 'local') {
      if (dialing) follow(dialing, event.session, event.request.call_id);
      return;
    }
    incoming += 1;
    const callId = `in-${incoming}`;
    follow(callId, event.session, event.request.getHeader('Call-ID'));
    emit({ type: 'incoming', callId, number: event.session.remote_identity.uri.user });
  };

  return {
    start(onEvent) {
      emit = onEvent;
      ua = new UA({
        sockets: [new WebSocketInterface(sip.ws_url)],
        uri: sip.uri,
        authorization_user: sip.extension,
        password: sip.password,
        display_name: sip.display_name,
        register: true,
      });
      ua.on('registrationFailed', (event) => emit({ type: 'registrationFailed', reason: String(event.cause ?? '') }));
      ua.on('newRTCSession', onSession);
      ua.start();
    },
    stop() {
      for (const callId of [...calls.keys()]) forget(callId);
      ua?.stop();
      ua = null;
    },
    dial(callId, number) {
      dialing = callId;
      try {
        if (!ua) throw new Error('not connected');
        ua.call(`sip:${number}@${domain}`, AUDIO_ONLY);
      } catch (error) {
        forget(callId);
        emit({ type: 'failed', callId, reason: error instanceof Error ? error.message : String(error) });
      } finally {
        dialing = null;
      }
    },
    answer(callId) {
      calls.get(callId)?.session.answer(AUDIO_ONLY);
    },
    hangup(callId) {
      const session = calls.get(callId)?.session;
      if (session && !ended(session)) session.terminate();
    },
    hold(callId, on) {
      const session = calls.get(callId)?.session;
      if (on) session?.hold();
      else session?.unhold();
    },
    decline(callId) {
      const session = calls.get(callId)?.session;
      if (session && !ended(session)) session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
    },
    providerCallId: (callId) => calls.get(callId)?.sipCallId ?? null,
  };
}
