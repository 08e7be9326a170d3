/**
 * Short Web Audio sounds for the round, synthesised so nothing is downloaded: a rising sweep when the
 * reels start or the balls leave, a knock when they stop, and a chord for a win that grows with its
 * tier (machines/studio-round-win-tier.ts). A pachislot sounds the same way, a knock per stop button.
 * Off until the player turns it on (the toggle is the gesture that lets the browser start audio).
 */
import {
  coinsPerGame,
  type PachislotStage,
  selectMeters,
  selectPachislotStage,
  type studioPachislotMachine,
} from '@machines/studio-pachislot.machine';
import { selectReelMotion, selectResultAnimationMs, selectRound, selectWinShown } from '@machines/studio-round.machine';
import { type WinTier, winTierOf } from '@machines/studio-round-win-tier';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { StudioActor } from './studio-actor';

interface Tone {
  frequency: number;
  /** Seconds after now. */
  at: number;
  length: number;
  type?: OscillatorType;
  /** A frequency to glide to over the tone's length. */
  glideTo?: number;
}

function play(context: AudioContext, tones: readonly Tone[]) {
  for (const { frequency, at, length, type = 'triangle', glideTo } of tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const start = context.currentTime + at;
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, start);
    if (glideTo) oscillator.frequency.exponentialRampToValueAtTime(glideTo, start + length);
    gain.gain.setValueAtTime(0.12, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + length);
  }
}

const spinSound: Tone[] = [{ frequency: 330, glideTo: 880, at: 0, length: 0.18, type: 'sawtooth' }];
/** The knock as the last reel stops or the last ball lands. */
const stopSound = (afterMs: number): Tone[] => [{ frequency: 180, at: afterMs / 1_000, length: 0.12 }];

/** A major chord, arpeggiated: more notes, an octave higher and longer as the tier rises. */
function winSound(tier: WinTier): Tone[] {
  const notes = {
    none: [],
    small: [523, 659, 784],
    big: [523, 659, 784, 1047],
    mega: [392, 523, 659, 784, 1047, 1319],
  };
  if (tier === 'epic') {
    const fanfare = [...notes.mega, 1568];
    return [...fanfare, ...fanfare].map((frequency, index) => ({
      frequency,
      at: index * 0.08,
      length: 0.4,
      type: 'square',
    }));
  }
  return notes[tier].map((frequency, index) => ({
    frequency,
    at: index * 0.09,
    length: tier === 'small' ? 0.25 : 0.45,
  }));
}

/** The page's audio context, made the first time the player turns sound on. */
function useAudio(enabled: boolean) {
  const context = useRef<AudioContext | null>(null);
  useEffect(() => {
    if (enabled && !context.current && typeof AudioContext !== 'undefined') context.current = new AudioContext();
  }, [enabled]);
  return context;
}

export function useRoundSounds(actor: StudioActor, enabled: boolean) {
  const context = useAudio(enabled);
  const motion = useSelector(actor, selectReelMotion);
  const winShown = useSelector(actor, selectWinShown);
  const round = useSelector(actor, selectRound);
  const animationMs = useSelector(actor, selectResultAnimationMs);
  const tier = round ? winTierOf(round.win, round.stake) : 'none';

  useEffect(() => {
    const audio = context.current;
    if (!enabled || !audio) return;
    if (motion === 'turning') play(audio, spinSound);
    if (motion === 'stopping') play(audio, stopSound(animationMs));
  }, [context, enabled, motion, animationMs]);

  useEffect(() => {
    const audio = context.current;
    if (!enabled || !audio || !winShown || tier === 'none') return;
    play(audio, winSound(tier));
  }, [context, enabled, winShown, tier]);
}

/** What a pachislot stage sounds as it begins: the lever's sweep, a stop's knock, the payout's chord. */
function pachislotSound(stage: PachislotStage, payout: number): Tone[] {
  if (stage === 'spinning') return spinSound;
  if (stage === 'stopping') return stopSound(0);
  if (stage === 'payout' && payout > 0) return winSound(winTierOf(payout, coinsPerGame));
  return [];
}

export function usePachislotSounds(actor: ActorRefFrom<typeof studioPachislotMachine>, enabled: boolean) {
  const context = useAudio(enabled);
  const stage = useSelector(actor, selectPachislotStage);
  // Read in the payout stage only, so it changes together with the stage and a stage sounds once.
  const payout = useSelector(actor, (snapshot) =>
    selectPachislotStage(snapshot) === 'payout' ? selectMeters(snapshot).payout : 0,
  );
  useEffect(() => {
    const audio = context.current;
    if (enabled && audio) play(audio, pachislotSound(stage, payout));
  }, [context, enabled, stage, payout]);
}
