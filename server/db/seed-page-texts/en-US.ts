import type { ContentPageSlug } from '@contract/content';
import { type PageText, paragraphs } from './page-text';

export const englishPages: Record<ContentPageSlug, PageText> = {
  'about-us': {
    title: 'About us',
    body: paragraphs(
      'We run an online game hall where you can enjoy slot and pachinko machines. Our aim is a place that feels like a real hall, whether you play at home or on the move.',
      'Every game is played with game coins. The exchange rate is 1 yen = 1 game coin, so the amount you deposit becomes your coin balance. Coins you win can be withdrawn to your registered bank account once your identity has been verified.',
      'Your money is kept in a ledger that records every deposit, withdrawal and game result. You can review your balance and your deposit, withdrawal and game history in the user center at any time.',
      'To keep play safe we verify identities (KYC), check that bank card holders match the account, and protect sign-in. We also provide responsible gaming tools that help you stay in control of your play.',
      'Through our agent programme you can invite friends and manage the members of your team. See the agent center for details.',
      'If anything is unclear, our customer support team is always happy to help.',
    ),
  },
  'privacy-policy': {
    title: 'Privacy policy',
    body: paragraphs(
      'This policy explains how the game hall collects, uses and protects your personal information. Please read it before you use the service.',
      'What we collect: your user name and e-mail address at registration; the name and phone number in your profile; photos of your identity document (front, back and a photo of you holding it) for identity verification; the bank card you withdraw to; your deposit, withdrawal and game history; and connection details when you sign in.',
      'Why we use it: to run your account, verify your identity, process deposits and withdrawals, prevent fraud and money laundering, answer your enquiries and meet our legal obligations. We do not use it for any other purpose without your consent.',
      'Sharing: we share information with payment providers and banks only as far as needed to process your payments. We never give your personal information to anyone else without your consent, unless the law requires us to disclose it.',
      'Security: passwords and payment passwords are stored in a form that cannot be reversed, and all traffic is encrypted. Identity documents can be seen only by the staff who review them.',
      'Retention and your rights: we keep personal information for the period the law requires. You may ask to see, correct or stop the use of your information; contact customer support to do so.',
      'We may update this policy when needed. Important changes are announced in the notices.',
    ),
  },
  'user-agreement': {
    title: 'User agreement',
    body: paragraphs(
      'This agreement sets out the terms on which you use the game hall. By registering an account you accept these terms.',
      'Your account: you must be at least 20 years old to register. Each person may hold one account only, and an account may not be passed on or lent to anyone. User names consist of letters and digits. Keep your password and payment password safe; you are responsible for their use.',
      'Game coins: games are played with game coins at the rate of 1 yen = 1 game coin. Deposits are normally credited automatically within ten minutes; if a deposit has not arrived after ten minutes, please contact customer support.',
      "Deposits and withdrawals: you must bind a bank card in your own name before you deposit or withdraw, and your identity verification (KYC) must be approved before you withdraw. We cannot pay out to an account in another person's name.",
      "Prohibited conduct: using cheating software, holding several accounts, using another person's identity or means of payment, exploiting system faults, and transactions intended to launder money. If we find a breach we may suspend the account and withhold its balance.",
      'Limits of liability: the service may be briefly unavailable because of network faults or maintenance. Games in progress at that time are settled on the results that were recorded.',
      'We may change this agreement. If you keep using the service after a change, you accept the changed agreement.',
    ),
  },
  'responsible-game': {
    title: 'Play responsibly',
    body: paragraphs(
      'Games are meant to be entertainment. We promote responsible gaming so that you can play within your means.',
      'Set a budget and a time limit before you play, and stick to them. Never raise your stakes to win back losses, and never play with money meant for living costs or with borrowed money.',
      'Deposit limits: you can set a daily, weekly or monthly deposit limit. Lowering a limit takes effect at once; raising it takes effect only after a waiting period.',
      'Self-exclusion: if you want a break, you can suspend your account for a set period or indefinitely. While it is suspended you cannot sign in, deposit or play. Ask customer support to set it up.',
      'Warning signs to watch for: playing longer than you planned, hiding your play from your family, thinking about games all the time, or playing to win back what you lost.',
      'You do not have to deal with it alone. Gambling support organisations and public mental health services offer free and confidential help wherever you live.',
      'Nobody under 20 may use the service. We recommend parental filtering software on devices that children use.',
    ),
  },
  'discount-statute': {
    title: 'Bonus rules',
    body: paragraphs(
      'This statute applies to every benefit the game hall offers: bonuses, cashback and campaigns. Where a campaign states its own conditions, those conditions take precedence.',
      'Each benefit may be claimed once per person, per household and per means of payment. Claiming through several accounts held by the same person is not allowed.',
      "Game coins granted as a bonus cannot be withdrawn until the campaign's wagering requirement (bets of a stated multiple of the bonus) has been met. You can follow your progress in the user center.",
      'To receive a benefit, your identity verification (KYC) must be approved and a bank card must be bound to your account.',
      'If we find that a benefit was obtained by unfair means, by depositing and withdrawing only to collect bonuses, or through several accounts, we may cancel the benefit and any winnings made with it.',
      'The game hall may change or end a campaign. Changes are announced in the notices and on the promotions page.',
    ),
  },
  'licence-privacy-policy': {
    title: 'Privacy notice',
    body: paragraphs(
      'The operator of the game hall handles your personal information as the conditions of its gaming licence require. This page summarises how the licence governs that handling.',
      'As the licensing authority requires, the operator keeps identity documents, transaction records and game records for a set period. These records may be used for audits by the authority and for anti-money-laundering checks.',
      'When the law or a formal request of the licensing authority requires it, the operator hands the necessary records to the authority. We never sell or give your information to third parties for any other purpose.',
      'Your information is stored encrypted in systems with restricted access. If a data breach occurs, we notify you and the authority without delay.',
      'To ask for your information to be disclosed, corrected or deleted, or with any question about this policy, contact customer support. Records the law obliges us to keep cannot be deleted before that period ends.',
    ),
  },
  'terms-conditions': {
    title: 'Terms and conditions',
    body: paragraphs(
      'These terms and conditions apply to every player under the gaming licence held by the operator of the game hall. Where they conflict with the user agreement, these terms prevail.',
      'Game results are decided by a certified random number generator; neither the operator nor any player can influence them. A machine malfunction voids all plays and payouts made while it lasts.',
      'You are responsible for making sure that online gaming is allowed in the country or region where you live. Access from places where it is not allowed is prohibited.',
      'To prevent money laundering and terrorist financing, the operator may review transactions, ask for further documents and hold withdrawals.',
      'Please bring any complaint to customer support first. If it cannot be resolved, you may refer it to the dispute resolution body named by the licensing authority.',
    ),
  },
  'responsible-gaming': {
    title: 'Responsible gaming',
    body: paragraphs(
      'As a condition of its licence, the operator works to protect players and to prevent problem gambling.',
      'Age checks: to keep out anyone under 20, the date of birth is checked during identity verification before any withdrawal. If an account turns out to belong to a minor, it is closed and deposits are refunded; winnings are not paid.',
      'Limits: players can set deposit limits, take a break for a fixed period or exclude themselves indefinitely. Self-excluded accounts receive no promotional messages.',
      'Monitoring: the operator watches for signs of risky play, such as a sudden rise in deposits or very long sessions, and contacts the player when needed.',
      'Help: if gambling is causing you problems, public mental health services and specialist support organisations in your area can help, free of charge and in confidence.',
    ),
  },
  download: {
    title: 'Download the app',
    body: paragraphs(
      'With the game hall app you can play slots and pachinko on your phone whenever you like. Your account and balance are the same as on the website.',
      'On an iPhone, get the app from the App Store; on Android, get it from Google Play or with the download button on this page.',
      'You can sign in to the app with your user name and password, or with a QR code: while signed in on the website, open "App login" in the user center and scan the QR code shown there with the app.',
      'The QR code expires after a short time. If it cannot be read, reload the page to show a new one.',
      'Please keep the app up to date; some features may not work in older versions.',
    ),
  },
  support: {
    title: 'Customer support',
    body: paragraphs(
      'Customer support is available 24 hours a day, every day of the year.',
      'When you contact us, please give your user name, what happened, the order number involved (for deposits and withdrawals) and when it happened. A screenshot helps us answer faster.',
      'If a deposit has not been credited after ten minutes, send us the transfer receipt or the transaction ID of your crypto transfer. We will check it and credit your balance.',
      'For your security, support staff will never ask for your password, your payment password or a code sent to you by e-mail. Never give these to anyone who asks.',
      'Answers to common questions are collected on the FAQ page; checking it first may solve your problem straight away.',
    ),
  },
  activity: {
    title: 'Events',
    body: paragraphs(
      'The game hall runs seasonal events, tournaments and bonus campaigns throughout the year.',
      'Current campaigns are listed on the promotions page. Browse them by limited-time, long-term and special, or look back at finished campaigns under past events.',
      'In slot tournaments, players compete on the coins they win within a set period; the top players receive game coins as prizes.',
      "Some events require approved identity verification (KYC) and a bound bank card. Please read each event's conditions and the discount statute.",
      'New events are also announced in the notices, so check them regularly.',
    ),
  },
  'deposit-guide': {
    title: 'Deposits and withdrawals',
    body: paragraphs(
      'Before you deposit or withdraw, bind a bank card in your own name under bank card settings in the user center. The name on the card must match the name on the account you transfer from.',
      'Bank transfer (yen): enter the amount on the deposit screen and transfer it to the account shown. The rate is 1 yen = 1 game coin. Deposits are normally credited automatically within ten minutes; if yours has not arrived after ten minutes, please contact customer support.',
      'Cryptocurrency: on the crypto deposit screen, choose the coin and the network to see your deposit address. Send on exactly the network you chose; coins sent on another network are not credited and may be lost.',
      'Crypto withdrawals can only be made on the same network you used to deposit. The withdrawal address is checked before anything is sent, and the minimum, maximum and fee shown on the screen apply.',
      'Withdrawals: your identity verification (KYC) must be approved first. Each request is reviewed and shown as withdrawing, under review, successful or failed. If a withdrawal fails, the amount returns to your balance.',
      'You can find every deposit and withdrawal, with its order number, under financial records in the user center.',
    ),
  },
  faq: {
    title: 'FAQ',
    body: paragraphs(
      'Q. What is the exchange rate between yen and game coins? A. 1 yen = 1 game coin. The amount you deposit is added to your balance as game coins.',
      'Q. My deposit has not arrived. A. Deposits are normally credited automatically within ten minutes. If yours has not arrived after ten minutes, contact customer support with your transfer receipt.',
      'Q. I am told to bind a bank card first. A. You need to bind a bank card in your own name under bank card settings in the user center before you can deposit or withdraw.',
      'Q. What do I need to withdraw? A. A bound bank card and approved identity verification (KYC). Upload the front and back of your ID and a photo of yourself holding it.',
      'Q. I forgot my password. A. Use the forgot-password link in the sign-in dialog, enter your account name and the captcha, and set a new password.',
      'Q. Why can I choose only some networks for a crypto withdrawal? A. Crypto can only be withdrawn on the same network you used to deposit it.',
      'Q. Can I use my account from the old JSY system? A. Yes: move your old account and its balance to a new account on the account transfer page.',
      'Q. How do I become an agent? A. Apply from the agent center. Once your application is approved you receive an agent code to invite players with.',
    ),
  },
  'game-guide': {
    title: 'How to play',
    body: paragraphs(
      'Getting started: register with a code sent to your e-mail address, then choose a user name and password. If an agent invited you, enter their agent code when you register.',
      'Get coins: once you have bound a bank card, buy game coins on the deposit screen. The rate is 1 yen = 1 game coin, and deposits are normally credited within ten minutes.',
      "Slots: choose your bet and spin. When symbols line up on an active payline, coins are paid according to the machine's pay table, which you can open on each machine's screen.",
      'Pachinko: launch balls into the field; balls that land in a winning pocket earn coins. Certain pockets trigger a draw, and a hit starts a bonus round.',
      'Every machine has a machine number, and popular models may have few free machines. Find one to play in the most popular and newest lists.',
      'Check your records: game records in the user center show the game, machine number, bet, winnings and profit or loss of each play, with totals.',
      'Play within your limits: set a budget and a time limit, and enjoy the games responsibly.',
    ),
  },
  'account-transfer': {
    title: 'Account transfer',
    body: paragraphs(
      'If you used the old JSY system, you can move your old account and its balance to an account in the new game hall here. Each old account can be transferred once.',
      'Step 1, validate your account: enter the account name and password you used in the old system. Once the old account is confirmed, you move on to the next step.',
      'Step 2, validate your card: enter the details of the bank card bound to your old account. You can continue only if they match what was registered.',
      'Step 3, confirm by e-mail: we send a code to the e-mail address of your old account. Enter it to confirm the transfer. If no code arrives, you can have it sent again after 60 seconds.',
      "When the transfer is complete, the old account's balance appears as game coins in your new account, and the old account can no longer be used.",
      'If you have forgotten your old account details or the transfer does not go through, please contact customer support.',
    ),
  },
};
