/**
 * Short WebAudio tones for the round: a tick when it starts, a knock when the reels stop or the balls
 * land, a rising chord for a win. Off until the player turns it on (the toggle is the gesture that
 * lets the browser start audio).
 */
import { selectReelMotion, selectRound, selectWinShown } from '@machines/studio-round.machine';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { StudioActor } from './studio-actor';

function tone(context: AudioContext, frequency: number, startAfter: number, length: number) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  oscillator.type = 'triangle';
  const start = context.currentTime + startAfter;
  gain.gain.setValueAtTime(0.12, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + length);
}

export function useRoundSounds(actor: StudioActor, enabled: boolean) {
  const context = useRef<AudioContext | null>(null);
  const motion = useSelector(actor, selectReelMotion);
  const winShown = useSelector(actor, selectWinShown);
  const win = useSelector(actor, (snapshot) => selectRound(snapshot)?.win ?? 0);

  useEffect(() => {
    if (enabled && !context.current && typeof AudioContext !== 'undefined') context.current = new AudioContext();
  }, [enabled]);

  useEffect(() => {
    const audio = context.current;
    if (!enabled || !audio) return;
    if (motion === 'turning') tone(audio, 660, 0, 0.08);
    if (motion === 'stopping') tone(audio, 180, 0, 0.12);
  }, [enabled, motion]);

  useEffect(() => {
    const audio = context.current;
    if (!enabled || !audio || !winShown || win === 0) return;
    for (const [index, frequency] of [523, 659, 784].entries()) tone(audio, frequency, index * 0.09, 0.25);
  }, [enabled, winShown, win]);
}
