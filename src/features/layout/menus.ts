import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * A path of the route tree, so a renamed or removed route breaks the build of every menu naming it.
 * Read from the router registered in app/router.tsx rather than from the generated tree, which
 * imports every route and so, through the layout, this file again.
 */
export type AppPath = keyof RegisteredRouter['routeTree']['types']['fileRouteTypes']['fileRoutesByTo'];

export interface MenuItem {
  to: AppPath;
  /** Key in the `common` namespace. */
  label: `menu.${string}`;
  /** Shown only while the player has no pay password (`unset`) or once they have one (`set`). */
  payPassword?: 'unset' | 'set';
}

/**
 * The items of a menu this reader may use: one of setting or changing the pay password, by whether
 * the account has one; neither while that is not known (a visitor, a profile still loading).
 */
export function menuFor(menu: readonly MenuItem[], account: { hasPayPassword: boolean } | undefined): MenuItem[] {
  return menu.filter(
    (item) =>
      item.payPassword === undefined ||
      (account !== undefined && item.payPassword === (account.hasPayPassword ? 'set' : 'unset')),
  );
}

/** The header's main navigation. */
export const gameMenu: readonly MenuItem[] = [
  { to: '/', label: 'menu.home' },
  { to: '/amigo', label: 'menu.gameHall' },
  { to: '/game/promotion', label: 'menu.promotion' },
  { to: '/game/notice', label: 'menu.notice' },
  { to: '/game/guide', label: 'menu.gameGuide' },
  { to: '/activity', label: 'menu.activity' },
];

export const footerMenu: readonly MenuItem[] = [
  { to: '/about/about-us', label: 'menu.aboutUs' },
  { to: '/terms-conditions', label: 'menu.termsConditions' },
  { to: '/privacy-policy', label: 'menu.licencePrivacyPolicy' },
  { to: '/responsible-gaming', label: 'menu.responsibleGaming' },
  { to: '/game/guide/deposit', label: 'menu.depositGuide' },
  { to: '/game/guide/faq', label: 'menu.faq' },
  { to: '/account-transfer', label: 'menu.accountTransfer' },
  { to: '/download', label: 'menu.download' },
  { to: '/support', label: 'menu.support' },
];

/** The signed-in user's drop-down in the header. */
export const userMenu: readonly MenuItem[] = [
  { to: '/user/user-center', label: 'menu.userCenter' },
  { to: '/user/finance/deposit', label: 'menu.deposit' },
  { to: '/user/finance/withdraw', label: 'menu.withdraw' },
  { to: '/user/record', label: 'menu.record' },
  { to: '/user/station-letter', label: 'menu.stationLetter' },
  { to: '/user/account-setting', label: 'menu.accountSetting' },
  { to: '/agent/agent-center', label: 'menu.agentCenter' },
];

/** Sidebar of the /user pages. */
export const userCenterMenu: readonly MenuItem[] = [
  { to: '/user/user-center', label: 'menu.userCenter' },
  { to: '/user/finance/deposit', label: 'menu.deposit' },
  { to: '/user/finance/withdraw', label: 'menu.withdraw' },
  { to: '/user/finance/deposit/cryptocurrency', label: 'menu.cryptoDeposit' },
  { to: '/user/finance/withdraw/cryptocurrency', label: 'menu.cryptoWithdraw' },
  { to: '/user/record', label: 'menu.record' },
  { to: '/user/station-letter', label: 'menu.stationLetter' },
  { to: '/user/account-setting', label: 'menu.accountSetting' },
  { to: '/user/play-safely', label: 'menu.playSafely' },
  { to: '/user/bankcard-setting', label: 'menu.bankcardSetting' },
  { to: '/user/pay-password', label: 'menu.payPassword', payPassword: 'unset' },
  { to: '/user/update-pay-password', label: 'menu.updatePayPassword', payPassword: 'set' },
  { to: '/user/app-key', label: 'menu.appKey' },
  { to: '/user/app-login', label: 'menu.appLogin' },
];

/** Sidebar of the /agent pages, shown to agents only. */
export const agentMenu: readonly MenuItem[] = [
  { to: '/agent/subordinate-management', label: 'menu.subordinateManagement' },
  { to: '/agent/team-report/{-$userId}', label: 'menu.teamReport' },
  { to: '/agent/team-recharge', label: 'menu.teamRecharge' },
  { to: '/agent/team-withdraw', label: 'menu.teamWithdraw' },
];

/** Sidebar of the /about pages. */
export const aboutMenu: readonly MenuItem[] = [
  { to: '/about/about-us', label: 'menu.aboutUs' },
  { to: '/about/privacy-policy', label: 'menu.privacyPolicy' },
  { to: '/about/user-agreement', label: 'menu.userAgreement' },
  { to: '/about/responsible-game', label: 'menu.responsibleGame' },
  { to: '/about/discount-statute', label: 'menu.discountStatute' },
];

export const menus = { gameMenu, footerMenu, userMenu, userCenterMenu, agentMenu, aboutMenu } as const;

/** Routes that no menu links to, and why that is deliberate. */
export const menuLessRoutes: Readonly<Partial<Record<AppPath, string>>> = {
  '/login': 'the login dialog over the home page; reached from the guard and the header buttons',
  '/index': 'redirects to /',
  '/redirect/$path': 'a technical hop that re-enters another page',
  '/user/finance': 'redirects to /user/finance/deposit, which the menus link to',
  '/game/guide/$tabIndex': 'the tabs of /game/guide; the guide page links its own tabs',
  '/amigo-springboard': 'entered from the game hall on the way into a game',
  '/account-transfer-jp': 'the Japanese variant, linked from /account-transfer',
  '/responsible-gaming/family': 'the family declaration form, linked from both responsible-gaming pages',
  '/auth/line/callback': 'where LINE sends the browser back after sign-in',
  '/sandbox/chain': 'the simulated chain of development and tests, opened by hand to send a deposit',
  '/app-sign-in': "the app's sign-in screen, linked from the download page and opened by the installed app",
};
