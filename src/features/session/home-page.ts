/** The session's homePage is a route name (default 'home'); this is where each one lives. */
const homePaths: Record<string, string> = {
  home: '/',
  userCenter: '/user/user-center',
  agentCenter: '/agent/agent-center',
};

export function homePathOf(homePage: string): string {
  return homePaths[homePage] ?? '/';
}
