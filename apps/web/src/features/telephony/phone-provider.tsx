import { TELEPHONY_TOAST_MS } from '@crm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { useSession } from '../../shared/session/use-session';
import { CallController, type CallSides, type PhoneLine } from './call-controller';
import { IDLE } from './call-machine';
import { CallModal } from './call-modal';
import { CallWidget } from './call-widget';
import { type Phone, PhoneContext } from './phone-context';
import { dialNumber } from './phone-numbers';
import { createRingtone } from './ringtone';
import type { SipCredentials } from './sip-phone';
import { historyKey, telephonyErrorText, transferCall, useVoipMe } from './telephony-api';

export type LineFactory = (sip: SipCredentials, audio: HTMLAudioElement) => Promise<PhoneLine>;

// JsSIP loads only for a user who has a line: nobody else downloads it.
const sipLine: LineFactory = (sip, audio) => import('./sip-phone').then((module) => module.createSipLine(sip, audio));

const noStore = () => () => {};
const idle = () => IDLE;

/**
 * The user's telephone, mounted once in the shell so a call survives moving between pages (spec §2 call widget):
 * GET /voip/me's credentials open the line, the call machine follows it, and the widget and the call modal show it.
 * Pages reach it with usePhone() (the CallButton beside a phone). Spec §8's toasts are said here.
 */
export function PhoneProvider({ children, createLine = sipLine }: { children: ReactNode; createLine?: LineFactory }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { company } = useSession();
  const me = useVoipMe();
  const sip = me.data?.sip ?? null;
  const audio = useRef<HTMLAudioElement>(null);
  const ringtone = useMemo(createRingtone, []);
  const [controller, setController] = useState<CallController | null>(null);
  const [dialer, setDialer] = useState<{ phone?: string } | null>(null);
  const snapshot = useSyncExternalStore(controller?.subscribe ?? noStore, controller?.getSnapshot ?? idle);

  // Spec §8: the provider refusing the account ("auth status not 1") is told (once), and there is no calling.
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (!me.error || told.current === me.error) return;
    told.current = me.error;
    if (me.error instanceof ApiError && me.error.code === 'onlinepbx_refused')
      message.error(telephonyErrorText(t, me.error));
    else console.warn('telephony line unavailable', me.error);
  }, [me.error, message, t]);

  const sides = useRef<CallSides | null>(null);
  sides.current = {
    ringtone: (on) => (on ? ringtone.start() : ringtone.stop()),
    stopAudio: () => {
      const element = audio.current;
      if (!element) return;
      if (!element.paused) element.pause();
      element.srcObject = null;
    },
    refreshHistory: () => void queryClient.invalidateQueries({ queryKey: historyKey }),
    notify: (problem, reason) =>
      problem === 'accessDenied'
        ? message.error({
            content: t('telephony.toasts.accessDenied'),
            duration: TELEPHONY_TOAST_MS.accessDenied / 1000,
          })
        : message.error({
            content: t('telephony.toasts.callFailed', { reason: reason || t('telephony.toasts.unknownReason') }),
            duration: TELEPHONY_TOAST_MS.callFailed / 1000,
          }),
  };

  useEffect(() => {
    if (!sip || !audio.current) return;
    let stopped = false;
    let started: CallController | null = null;
    createLine(sip, audio.current)
      .then((line) => {
        if (stopped) return;
        // The sides are read when used, so a toast is worded in the language shown then.
        started = new CallController(line, {
          ringtone: (on) => sides.current?.ringtone(on),
          stopAudio: () => sides.current?.stopAudio(),
          refreshHistory: () => sides.current?.refreshHistory(),
          notify: (problem, reason) => sides.current?.notify(problem, reason),
        });
        started.start();
        setController(started);
      })
      .catch((error: unknown) => console.warn('telephony line could not start', error));
    return () => {
      stopped = true;
      started?.stop();
      ringtone.stop();
      setController(null);
    };
  }, [sip, createLine, ringtone]);

  const country = company?.datas.country ?? 'uz';
  const callingCode = me.data?.country_code ?? '';
  const phone = useMemo<Phone | null>(() => {
    if (!controller) return null;
    return {
      snapshot,
      country,
      dial: (number) => controller.dial(dialNumber(number, callingCode, country)),
      answer: controller.answer,
      hold: controller.hold,
      hangup: controller.hangup,
      transfer: (extension) => {
        const callId = controller.providerCallId();
        if (callId) void transferCall(callId, extension);
      },
      openDialer: (number) => setDialer({ phone: number }),
    };
  }, [controller, snapshot, country, callingCode]);

  return (
    <PhoneContext.Provider value={phone}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: the other party's voice in a live call has no captions */}
      <audio ref={audio} autoPlay hidden />
      {phone && <CallWidget phone={phone} />}
      {phone && dialer && <CallModal phone={phone} initialPhone={dialer.phone} onClose={() => setDialer(null)} />}
    </PhoneContext.Provider>
  );
}
