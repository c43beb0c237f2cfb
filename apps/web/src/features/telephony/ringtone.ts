/** Two seconds of ring, four of silence (the usual ring cadence), as two mixed tones. */
const RING = { tones: [440, 480], onSeconds: 2, periodSeconds: 6, volume: 0.15 } as const;

export interface Ringtone {
  start(): void;
  stop(): void;
}

/**
 * The incoming call's ring, generated with WebAudio (no sound file to ship or load). A browser without WebAudio, or
 * one that refuses to play before the page was touched, rings silently: spec §8 "audio errors logged only".
 */
export function createRingtone(): Ringtone {
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const ringOnce = (audio: AudioContext) => {
    const gain = audio.createGain();
    const now = audio.currentTime;
    gain.gain.setValueAtTime(0, now);
    gain.gain.linearRampToValueAtTime(RING.volume, now + 0.05);
    gain.gain.setValueAtTime(RING.volume, now + RING.onSeconds - 0.05);
    gain.gain.linearRampToValueAtTime(0, now + RING.onSeconds);
    gain.connect(audio.destination);
    for (const frequency of RING.tones) {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(now);
      tone.stop(now + RING.onSeconds);
    }
  };

  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    context?.close().catch((error: unknown) => console.warn('ringtone could not stop', error));
    context = null;
  };

  return {
    start() {
      if (timer !== null || typeof AudioContext === 'undefined') return;
      try {
        const audio = new AudioContext();
        context = audio;
        ringOnce(audio);
        timer = setInterval(() => ringOnce(audio), RING.periodSeconds * 1000);
      } catch (error) {
        console.warn('ringtone could not play', error);
        stop();
      }
    },
    stop,
  };
}
