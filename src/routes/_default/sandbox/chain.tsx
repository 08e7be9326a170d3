import { createFileRoute } from '@tanstack/react-router';
import { ChainSandboxPage } from '@/features/crypto/chain-sandbox-page';

export const Route = createFileRoute('/_default/sandbox/chain')({
  component: ChainSandboxPage,
});
