/** The studio calls the round machine invokes: what each is sent, and what it answers. */
import type {
  openStudioSession,
  playStudioRound,
  resumeStudioRound,
  rotateStudioSeed,
  setStudioClientSeed,
} from '@contract/studio';
import type * as v from 'valibot';

export type StudioSession = v.InferOutput<typeof openStudioSession.data>;
export type PlayedRound = v.InferOutput<typeof playStudioRound.data>;
export type ResumedRound = v.InferOutput<typeof resumeStudioRound.data>;
export type ClientSeedSet = v.InferOutput<typeof setStudioClientSeed.data>;
export type SeedRotation = v.InferOutput<typeof rotateStudioSeed.data>;
/** What a seed change answers: the fairness now, and the server seed a rotation revealed. */
export type SeedChange = ClientSeedSet | SeedRotation;

export interface PlayRoundRequest {
  sessionToken: string;
  stake: number;
  roundKey: string;
}

export interface ResumeRoundRequest {
  sessionToken: string;
  roundKey: string;
}

export interface ClientSeedRequest {
  sessionToken: string;
  clientSeed: string;
  /** The active server seed's commitment as shown: the seed the client seed is for. */
  serverSeedHash: string;
}

export interface RotateSeedRequest {
  sessionToken: string;
  clientSeed: string;
  /** The next server seed's commitment as shown: the seed the rotation moves to. */
  nextServerSeedHash: string;
}
