import type { ContentPageSlug } from '@contract/content';
import type { LocalisedText } from './schema/content';

interface SeedPage {
  title: LocalisedText;
  body: LocalisedText;
}

/** Page bodies are plain text: paragraphs separated by one blank line. */
const paragraphs = (...lines: string[]) => lines.join('\n\n');

/** Keyed by slug so that the compiler rejects a slug of the contract without a starting page. */
const pagesBySlug: Record<ContentPageSlug, SeedPage> = {
  'about-us': {
    title: { 'ja-JP': '会社概要', 'en-US': 'About us' },
    body: {
      'ja-JP': paragraphs(
        '私たちは、スロットとパチンコをオンラインで楽しめるゲームホールを運営しています。ご自宅でもお出かけ先でも、ホールにいるような臨場感で遊べる場所をつくることが私たちの目標です。',
        'ゲームはすべてゲームコインで遊びます。交換レートは1円=1ゲームコインで、入金した金額がそのままコインになります。獲得したコインは本人確認を済ませたうえで、登録した銀行口座へ出金できます。',
        'お客様の資金は、入出金のすべてを記録する台帳で管理しています。残高・入金・出金・ゲームの履歴はユーザーセンターからいつでも確認できます。',
        '安心して遊んでいただくために、本人確認(KYC)、銀行カードの名義確認、ログイン保護などの仕組みを整えています。また、遊びすぎを防ぐための責任あるゲームのツールもご用意しています。',
        'エージェントプログラムでは、お知り合いを紹介したり、チームのメンバーを管理したりできます。詳しくはエージェントセンターをご覧ください。',
        'ご不明な点があれば、いつでもカスタマーサポートまでお問い合わせください。',
      ),
      'en-US': paragraphs(
        'We run an online game hall where you can enjoy slot and pachinko machines. Our aim is a place that feels like a real hall, whether you play at home or on the move.',
        'Every game is played with game coins. The exchange rate is 1 yen = 1 game coin, so the amount you deposit becomes your coin balance. Coins you win can be withdrawn to your registered bank account once your identity has been verified.',
        'Your money is kept in a ledger that records every deposit, withdrawal and game result. You can review your balance and your deposit, withdrawal and game history in the user center at any time.',
        'To keep play safe we verify identities (KYC), check that bank card holders match the account, and protect sign-in. We also provide responsible gaming tools that help you stay in control of your play.',
        'Through our agent programme you can invite friends and manage the members of your team. See the agent center for details.',
        'If anything is unclear, our customer support team is always happy to help.',
      ),
    },
  },
  'privacy-policy': {
    title: { 'ja-JP': 'プライバシーポリシー', 'en-US': 'Privacy policy' },
    body: {
      'ja-JP': paragraphs(
        '本ポリシーは、当ゲームホールがお客様の個人情報をどのように取得し、利用し、保護するかを説明するものです。サービスをご利用いただく前に必ずお読みください。',
        '取得する情報:登録時のユーザー名・メールアドレス、プロフィールの氏名・電話番号、本人確認のための身分証の画像(表面・裏面・本人と一緒に撮影したもの)、出金先の銀行カード情報、入出金とゲームの履歴、ログイン時の接続情報を取得します。',
        '利用目的:アカウントの管理、本人確認、入出金の処理、不正利用やマネーロンダリングの防止、お問い合わせへの対応、法令に基づく義務の履行のために利用します。お客様の同意なく、これ以外の目的に利用することはありません。',
        '第三者への提供:決済処理に必要な範囲で決済事業者・金融機関に情報を提供することがあります。また、法令に基づき開示を求められた場合を除き、お客様の同意なく第三者に個人情報を提供することはありません。',
        '安全管理:パスワードと支払いパスワードは復元できない形式で保存し、通信はすべて暗号化しています。本人確認の画像は審査に必要な担当者のみが閲覧できます。',
        '保存期間と権利:個人情報は法令で定められた期間保存します。お客様はご自身の情報の開示・訂正・利用停止を求めることができます。ご希望の場合はカスタマーサポートまでご連絡ください。',
        '本ポリシーは必要に応じて改定することがあります。重要な変更はお知らせでご案内します。',
      ),
      'en-US': paragraphs(
        'This policy explains how the game hall collects, uses and protects your personal information. Please read it before you use the service.',
        'What we collect: your user name and e-mail address at registration; the name and phone number in your profile; photos of your identity document (front, back and a photo of you holding it) for identity verification; the bank card you withdraw to; your deposit, withdrawal and game history; and connection details when you sign in.',
        'Why we use it: to run your account, verify your identity, process deposits and withdrawals, prevent fraud and money laundering, answer your enquiries and meet our legal obligations. We do not use it for any other purpose without your consent.',
        'Sharing: we share information with payment providers and banks only as far as needed to process your payments. We never give your personal information to anyone else without your consent, unless the law requires us to disclose it.',
        'Security: passwords and payment passwords are stored in a form that cannot be reversed, and all traffic is encrypted. Identity documents can be seen only by the staff who review them.',
        'Retention and your rights: we keep personal information for the period the law requires. You may ask to see, correct or stop the use of your information; contact customer support to do so.',
        'We may update this policy when needed. Important changes are announced in the notices.',
      ),
    },
  },
  'user-agreement': {
    title: { 'ja-JP': '利用規約', 'en-US': 'User agreement' },
    body: {
      'ja-JP': paragraphs(
        '本規約は、当ゲームホールのサービスをご利用いただく際の条件を定めるものです。アカウントを登録した時点で、本規約に同意したものとみなします。',
        'アカウント:ご登録は満20歳以上の方に限ります。お一人様一つのアカウントのみ作成でき、第三者への譲渡・貸与はできません。ユーザー名は英字と数字の組み合わせで登録してください。パスワードと支払いパスワードはご自身で厳重に管理してください。',
        'ゲームコイン:ゲームはゲームコインで遊びます。交換レートは1円=1ゲームコインです。入金は通常10分以内に自動で反映されます。10分を過ぎても反映されない場合はカスタマーサポートにお問い合わせください。',
        '入出金:入金・出金の前に、ご本人名義の銀行カードを登録する必要があります。出金の前には本人確認(KYC)の審査を完了してください。名義の異なる口座への出金はできません。',
        '禁止事項:不正なプログラムの使用、複数アカウントの作成、他人の名義や決済手段の利用、システムの不具合を利用した行為、マネーロンダリングを目的とした取引を禁止します。違反が確認された場合、アカウントの停止や残高の没収を行うことがあります。',
        '責任の範囲:通信障害やメンテナンスによりサービスを一時的にご利用いただけない場合があります。その間のゲームは、記録された結果に基づいて精算します。',
        '本規約は予告なく改定されることがあります。改定後もサービスを利用された場合、改定後の規約に同意したものとみなします。',
      ),
      'en-US': paragraphs(
        'This agreement sets out the terms on which you use the game hall. By registering an account you accept these terms.',
        'Your account: you must be at least 20 years old to register. Each person may hold one account only, and an account may not be passed on or lent to anyone. User names consist of letters and digits. Keep your password and payment password safe; you are responsible for their use.',
        'Game coins: games are played with game coins at the rate of 1 yen = 1 game coin. Deposits are normally credited automatically within ten minutes; if a deposit has not arrived after ten minutes, please contact customer support.',
        "Deposits and withdrawals: you must bind a bank card in your own name before you deposit or withdraw, and your identity verification (KYC) must be approved before you withdraw. We cannot pay out to an account in another person's name.",
        "Prohibited conduct: using cheating software, holding several accounts, using another person's identity or means of payment, exploiting system faults, and transactions intended to launder money. If we find a breach we may suspend the account and withhold its balance.",
        'Limits of liability: the service may be briefly unavailable because of network faults or maintenance. Games in progress at that time are settled on the results that were recorded.',
        'We may change this agreement. If you keep using the service after a change, you accept the changed agreement.',
      ),
    },
  },
  'responsible-game': {
    title: { 'ja-JP': '責任あるゲーム', 'en-US': 'Responsible gaming' },
    body: {
      'ja-JP': paragraphs(
        'ゲームは娯楽として楽しむものです。私たちは、お客様が無理のない範囲で遊べるよう、責任あるゲームを推進しています。',
        '遊ぶ前に予算と時間を決め、それを超えないようにしましょう。負けを取り戻そうとして賭け金を増やしたり、生活費や借りたお金で遊んだりするのはやめましょう。',
        '入金上限:1日・1週間・1か月ごとの入金上限を設定できます。上限を下げる設定はすぐに有効になり、上限を上げる設定は一定の待機期間の後に有効になります。',
        '自己排除:しばらく遊ぶのをやめたいときは、一定期間または無期限でアカウントを停止できます。停止期間中はログイン・入金・ゲームができません。設定はカスタマーサポートにお申し付けください。',
        '次のような兆候があれば注意が必要です:予定より長く遊んでしまう、遊んでいることを家族に隠す、ゲームのことが頭から離れない、負けを取り戻すために遊ぶ。',
        'ひとりで悩まずに相談してください。ギャンブル等依存症の相談は、お住まいの地域の精神保健福祉センターや、専門の支援団体で受け付けています。',
        '20歳未満の方はご利用いただけません。ご家族の端末にはフィルタリングソフトの利用をおすすめします。',
      ),
      'en-US': paragraphs(
        'Games are meant to be entertainment. We promote responsible gaming so that you can play within your means.',
        'Set a budget and a time limit before you play, and stick to them. Never raise your stakes to win back losses, and never play with money meant for living costs or with borrowed money.',
        'Deposit limits: you can set a daily, weekly or monthly deposit limit. Lowering a limit takes effect at once; raising it takes effect only after a waiting period.',
        'Self-exclusion: if you want a break, you can suspend your account for a set period or indefinitely. While it is suspended you cannot sign in, deposit or play. Ask customer support to set it up.',
        'Warning signs to watch for: playing longer than you planned, hiding your play from your family, thinking about games all the time, or playing to win back what you lost.',
        'You do not have to deal with it alone. Gambling support organisations and public mental health services offer free and confidential help wherever you live.',
        'Nobody under 20 may use the service. We recommend parental filtering software on devices that children use.',
      ),
    },
  },
  'discount-statute': {
    title: { 'ja-JP': '割引規定', 'en-US': 'Discount statute' },
    body: {
      'ja-JP': paragraphs(
        '本規定は、ボーナス・キャッシュバック・キャンペーンなど、当ゲームホールが提供するすべての特典に共通して適用されます。個別のキャンペーンに別の条件がある場合は、その条件が優先されます。',
        '特典はお一人様・一世帯・一つの決済手段につき一回までです。同一人物による複数アカウントでの受け取りは認められません。',
        'ボーナスとして付与されたゲームコインは、キャンペーンごとに定められた賭け条件(ボーナス額の一定倍数のベット)を満たすまで出金できません。賭け条件の進み具合はユーザーセンターで確認できます。',
        '特典の受け取りには、本人確認(KYC)と銀行カードの登録が完了している必要があります。',
        '不正な手段による特典の取得、ボーナスのみを目的とした入出金の繰り返し、複数アカウントの利用が確認された場合、特典とそれによって得た勝ち金を取り消すことがあります。',
        '当ゲームホールは、キャンペーンの内容を変更または終了することがあります。変更はお知らせとプロモーションページでご案内します。',
      ),
      'en-US': paragraphs(
        'This statute applies to every benefit the game hall offers: bonuses, cashback and campaigns. Where a campaign states its own conditions, those conditions take precedence.',
        'Each benefit may be claimed once per person, per household and per means of payment. Claiming through several accounts held by the same person is not allowed.',
        "Game coins granted as a bonus cannot be withdrawn until the campaign's wagering requirement (bets of a stated multiple of the bonus) has been met. You can follow your progress in the user center.",
        'To receive a benefit, your identity verification (KYC) must be approved and a bank card must be bound to your account.',
        'If we find that a benefit was obtained by unfair means, by depositing and withdrawing only to collect bonuses, or through several accounts, we may cancel the benefit and any winnings made with it.',
        'The game hall may change or end a campaign. Changes are announced in the notices and on the promotions page.',
      ),
    },
  },
  'licence-privacy-policy': {
    title: { 'ja-JP': 'プライバシーポリシー(ライセンス)', 'en-US': 'Privacy policy (licence)' },
    body: {
      'ja-JP': paragraphs(
        '当ゲームホールの運営者は、ゲーミングライセンスの条件に従い、お客様の個人情報を適切に取り扱います。本ページは、ライセンスに基づく個人情報の取扱いをまとめたものです。',
        '運営者は、ライセンス当局の定めに従い、本人確認書類、取引記録、ゲームの記録を一定期間保存します。これらの記録は、当局による監査やマネーロンダリング対策のための確認に使用されることがあります。',
        '法令またはライセンス当局の正式な要請がある場合、運営者は必要な範囲で記録を当局に提出します。それ以外の目的でお客様の情報を第三者に販売・提供することはありません。',
        'お客様の情報は、アクセス権限を限定したシステムに暗号化して保存しています。情報漏えいが発生した場合は、速やかにお客様と当局に通知します。',
        'ご自身の情報の開示・訂正・削除のご請求、または本ポリシーに関するお問い合わせは、カスタマーサポートまでご連絡ください。法令上保存が義務づけられている記録は、その期間が過ぎるまで削除できません。',
      ),
      'en-US': paragraphs(
        'The operator of the game hall handles your personal information as the conditions of its gaming licence require. This page summarises how the licence governs that handling.',
        'As the licensing authority requires, the operator keeps identity documents, transaction records and game records for a set period. These records may be used for audits by the authority and for anti-money-laundering checks.',
        'When the law or a formal request of the licensing authority requires it, the operator hands the necessary records to the authority. We never sell or give your information to third parties for any other purpose.',
        'Your information is stored encrypted in systems with restricted access. If a data breach occurs, we notify you and the authority without delay.',
        'To ask for your information to be disclosed, corrected or deleted, or with any question about this policy, contact customer support. Records the law obliges us to keep cannot be deleted before that period ends.',
      ),
    },
  },
  'terms-conditions': {
    title: { 'ja-JP': '利用条件', 'en-US': 'Terms and conditions' },
    body: {
      'ja-JP': paragraphs(
        '本利用条件は、当ゲームホールの運営者が保有するゲーミングライセンスに基づき、すべてのプレイヤーに適用されます。利用規約と矛盾する場合は、本利用条件が優先されます。',
        'ゲームの結果は、認証を受けた乱数生成器によって決定されます。運営者もプレイヤーも結果に影響を与えることはできません。機器の故障が発生した場合、その間のプレイと払い戻しは無効となります。',
        'プレイヤーは、居住する国・地域でオンラインゲームの利用が認められていることを自ら確認する責任があります。利用が認められていない地域からのアクセスは禁止します。',
        '運営者は、マネーロンダリング対策およびテロ資金供与対策のため、取引の確認、追加書類の提出依頼、出金の保留を行うことがあります。',
        '苦情は、まずカスタマーサポートにお申し出ください。解決に至らない場合は、ライセンス当局が指定する紛争解決機関に申し立てることができます。',
      ),
      'en-US': paragraphs(
        'These terms and conditions apply to every player under the gaming licence held by the operator of the game hall. Where they conflict with the user agreement, these terms prevail.',
        'Game results are decided by a certified random number generator; neither the operator nor any player can influence them. A machine malfunction voids all plays and payouts made while it lasts.',
        'You are responsible for making sure that online gaming is allowed in the country or region where you live. Access from places where it is not allowed is prohibited.',
        'To prevent money laundering and terrorist financing, the operator may review transactions, ask for further documents and hold withdrawals.',
        'Please bring any complaint to customer support first. If it cannot be resolved, you may refer it to the dispute resolution body named by the licensing authority.',
      ),
    },
  },
  'responsible-gaming': {
    title: { 'ja-JP': '責任あるゲーミング(ライセンス)', 'en-US': 'Responsible gaming (licence)' },
    body: {
      'ja-JP': paragraphs(
        '運営者は、ライセンスの条件として、プレイヤーの保護とギャンブル依存の防止に取り組んでいます。',
        '年齢確認:20歳未満の方の利用を防ぐため、出金前の本人確認で生年月日を確認します。未成年者の利用が判明した場合、アカウントを閉鎖し、入金額を返金します。勝ち金はお支払いしません。',
        '利用制限:プレイヤーは入金上限の設定、一定期間の休止、無期限の自己排除を選べます。自己排除中のアカウントには、キャンペーンのご案内も送りません。',
        '見守り:運営者は、急激な入金の増加や長時間の連続プレイなど、リスクのある利用の兆候を確認し、必要に応じてプレイヤーに連絡します。',
        '支援:ギャンブルの問題でお困りの方は、各地域の精神保健福祉センターや専門の支援団体にご相談ください。相談は無料で、秘密は守られます。',
      ),
      'en-US': paragraphs(
        'As a condition of its licence, the operator works to protect players and to prevent problem gambling.',
        'Age checks: to keep out anyone under 20, the date of birth is checked during identity verification before any withdrawal. If an account turns out to belong to a minor, it is closed and deposits are refunded; winnings are not paid.',
        'Limits: players can set deposit limits, take a break for a fixed period or exclude themselves indefinitely. Self-excluded accounts receive no promotional messages.',
        'Monitoring: the operator watches for signs of risky play, such as a sudden rise in deposits or very long sessions, and contacts the player when needed.',
        'Help: if gambling is causing you problems, public mental health services and specialist support organisations in your area can help, free of charge and in confidence.',
      ),
    },
  },
  download: {
    title: { 'ja-JP': 'アプリのダウンロード', 'en-US': 'Download the app' },
    body: {
      'ja-JP': paragraphs(
        'ゲームホールのアプリを使えば、スマートフォンからいつでもスロットとパチンコを楽しめます。アカウントと残高はウェブサイトと共通です。',
        'iPhoneをお使いの方はApp Storeから、Androidをお使いの方はGoogle Playまたは本ページのダウンロードボタンからアプリを入手してください。',
        'アプリへのログインは、ユーザー名とパスワードのほか、QRコードでも行えます。ウェブサイトにログインした状態でユーザーセンターの「アプリログイン」を開き、表示されたQRコードをアプリで読み取ってください。',
        'QRコードは短時間で無効になります。読み取れない場合は、ページを再読み込みして新しいQRコードを表示してください。',
        'アプリは常に最新版をお使いください。古いバージョンでは一部の機能がご利用いただけない場合があります。',
      ),
      'en-US': paragraphs(
        'With the game hall app you can play slots and pachinko on your phone whenever you like. Your account and balance are the same as on the website.',
        'On an iPhone, get the app from the App Store; on Android, get it from Google Play or with the download button on this page.',
        'You can sign in to the app with your user name and password, or with a QR code: while signed in on the website, open "App login" in the user center and scan the QR code shown there with the app.',
        'The QR code expires after a short time. If it cannot be read, reload the page to show a new one.',
        'Please keep the app up to date; some features may not work in older versions.',
      ),
    },
  },
  support: {
    title: { 'ja-JP': 'カスタマーサポート', 'en-US': 'Customer support' },
    body: {
      'ja-JP': paragraphs(
        'カスタマーサポートは年中無休・24時間体制でお客様からのお問い合わせを受け付けています。',
        'お問い合わせの際は、ユーザー名、お問い合わせの内容、関係する注文番号(入金・出金の場合)、発生した日時をお知らせください。画面のスクリーンショットがあると、より早くご案内できます。',
        '入金が10分を過ぎても反映されない場合は、振込の控えまたは送金のトランザクションIDを添えてご連絡ください。確認のうえ、残高に反映します。',
        'セキュリティのため、サポート担当者がパスワード、支払いパスワード、メールで届いた認証コードをお尋ねすることはありません。これらを聞かれた場合は、絶対に教えないでください。',
        'よくあるご質問は「よくある質問」ページにまとめています。お問い合わせの前にご確認いただくと、すぐに解決できる場合があります。',
      ),
      'en-US': paragraphs(
        'Customer support is available 24 hours a day, every day of the year.',
        'When you contact us, please give your user name, what happened, the order number involved (for deposits and withdrawals) and when it happened. A screenshot helps us answer faster.',
        'If a deposit has not been credited after ten minutes, send us the transfer receipt or the transaction ID of your crypto transfer. We will check it and credit your balance.',
        'For your security, support staff will never ask for your password, your payment password or a code sent to you by e-mail. Never give these to anyone who asks.',
        'Answers to common questions are collected on the FAQ page; checking it first may solve your problem straight away.',
      ),
    },
  },
  activity: {
    title: { 'ja-JP': 'イベント', 'en-US': 'Events' },
    body: {
      'ja-JP': paragraphs(
        'ゲームホールでは、季節のイベントや大会、ボーナスキャンペーンを随時開催しています。',
        '開催中のキャンペーンはプロモーションページで確認できます。「期間限定」「長期」「特別」の分類から探せるほか、「過去のイベント」で終了したキャンペーンも振り返れます。',
        'スロットトーナメントでは、決められた期間内の獲得コインで順位を競います。上位入賞者には賞品としてゲームコインを進呈します。',
        'イベントへの参加には、本人確認(KYC)と銀行カードの登録が必要な場合があります。各イベントの条件と割引規定を必ずご確認ください。',
        '新しいイベントはお知らせでもご案内します。お見逃しのないよう、定期的にご確認ください。',
      ),
      'en-US': paragraphs(
        'The game hall runs seasonal events, tournaments and bonus campaigns throughout the year.',
        'Current campaigns are listed on the promotions page. Browse them by limited-time, long-term and special, or look back at finished campaigns under past events.',
        'In slot tournaments, players compete on the coins they win within a set period; the top players receive game coins as prizes.',
        "Some events require approved identity verification (KYC) and a bound bank card. Please read each event's conditions and the discount statute.",
        'New events are also announced in the notices, so check them regularly.',
      ),
    },
  },
  'deposit-guide': {
    title: { 'ja-JP': '入出金ガイド', 'en-US': 'Deposit and withdrawal guide' },
    body: {
      'ja-JP': paragraphs(
        '入金・出金の前に、ユーザーセンターの「銀行カード設定」でご本人名義の銀行カードを登録してください。カードの名義は、お振込みに使う口座の名義と一致している必要があります。',
        '銀行振込(円):「入金」画面で金額を入力し、表示された振込先へお振込みください。交換レートは1円=1ゲームコインです。入金は通常10分以内に自動で反映されます。10分を過ぎても反映されない場合は、カスタマーサポートにお問い合わせください。',
        '暗号資産:「暗号資産入金」画面で通貨とネットワークを選ぶと、入金用アドレスが表示されます。選んだネットワークと同じネットワークで送金してください。異なるネットワークで送金した資産は反映されず、失われる場合があります。',
        '暗号資産の出金は、入金に使ったものと同じネットワークでのみ行えます。出金先アドレスは送金前に検証され、出金額には画面に表示される最小額・最大額と手数料が適用されます。',
        '出金:出金の前に本人確認(KYC)の審査を完了してください。出金申請は審査を経て処理され、状況は「出金中」「出金審査中」「出金成功」「出金失敗」で表示されます。出金に失敗した場合、金額は残高に戻ります。',
        '入出金の履歴は、ユーザーセンターの「取引記録」で注文番号とともに確認できます。',
      ),
      'en-US': paragraphs(
        'Before you deposit or withdraw, bind a bank card in your own name under bank card settings in the user center. The name on the card must match the name on the account you transfer from.',
        'Bank transfer (yen): enter the amount on the deposit screen and transfer it to the account shown. The rate is 1 yen = 1 game coin. Deposits are normally credited automatically within ten minutes; if yours has not arrived after ten minutes, please contact customer support.',
        'Cryptocurrency: on the crypto deposit screen, choose the coin and the network to see your deposit address. Send on exactly the network you chose; coins sent on another network are not credited and may be lost.',
        'Crypto withdrawals can only be made on the same network you used to deposit. The withdrawal address is checked before anything is sent, and the minimum, maximum and fee shown on the screen apply.',
        'Withdrawals: your identity verification (KYC) must be approved first. Each request is reviewed and shown as withdrawing, under review, successful or failed. If a withdrawal fails, the amount returns to your balance.',
        'You can find every deposit and withdrawal, with its order number, under financial records in the user center.',
      ),
    },
  },
  faq: {
    title: { 'ja-JP': 'よくある質問', 'en-US': 'Frequently asked questions' },
    body: {
      'ja-JP': paragraphs(
        'Q. ゲームコインと円の交換レートは? A. 1円=1ゲームコインです。入金した金額がそのままゲームコインとして残高に反映されます。',
        'Q. 入金が反映されません。 A. 入金は通常10分以内に自動で反映されます。10分を過ぎても反映されない場合は、振込の控えを添えてカスタマーサポートにお問い合わせください。',
        'Q. 「先に銀行カードを登録してください」と表示されます。 A. 入金・出金の前に、ユーザーセンターの「銀行カード設定」でご本人名義の銀行カードを登録する必要があります。',
        'Q. 出金するには何が必要ですか? A. 銀行カードの登録と本人確認(KYC)の審査完了が必要です。身分証の表面・裏面と、身分証を持った本人の写真を提出してください。',
        'Q. パスワードを忘れました。 A. ログイン画面の「パスワードをお忘れの方」から、アカウント名と画像認証を入力して再設定してください。',
        'Q. 暗号資産の出金で選べるネットワークが限られています。 A. 暗号資産の出金は、入金に使ったネットワークと同じネットワークでのみ行えます。',
        'Q. 旧システム(JSY)のアカウントは使えますか? A. 「アカウント移行」ページから、旧アカウントと残高を新しいアカウントに移せます。',
        'Q. エージェントになるには? A. エージェントセンターから申請できます。審査後、紹介用のエージェントコードが発行されます。',
      ),
      'en-US': paragraphs(
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
  },
  'game-guide': {
    title: { 'ja-JP': 'ゲームガイド', 'en-US': 'Game guide' },
    body: {
      'ja-JP': paragraphs(
        'はじめての方へ:メールアドレスで認証コードを受け取り、ユーザー名とパスワードを決めるだけで登録できます。エージェントから紹介された方は、登録時にエージェントコードを入力してください。',
        'コインを用意する:銀行カードを登録したら、「入金」画面からゲームコインを購入します。1円=1ゲームコインで、通常10分以内に残高に反映されます。',
        'スロット:ベット額を決めてスピンします。リールの絵柄が有効ラインにそろうと、機種ごとの配当表に従ってコインが払い出されます。配当表は各機種の画面で確認できます。',
        'パチンコ:玉を打ち出し、入賞口に入るとコインを獲得します。特定の入賞口で抽選が行われ、当たるとボーナスラウンドが始まります。',
        '各機種には台番号があり、人気の機種は空き台が少なくなることがあります。人気順・新着順の一覧から遊びたい台を探してください。',
        '記録を確認する:ユーザーセンターの「ゲーム記録」で、機種名・台番号・ベット額・獲得額・損益と、その合計を確認できます。',
        '遊びすぎに注意しましょう。予算と時間を決めて、責任を持って楽しんでください。',
      ),
      'en-US': paragraphs(
        'Getting started: register with a code sent to your e-mail address, then choose a user name and password. If an agent invited you, enter their agent code when you register.',
        'Get coins: once you have bound a bank card, buy game coins on the deposit screen. The rate is 1 yen = 1 game coin, and deposits are normally credited within ten minutes.',
        "Slots: choose your bet and spin. When symbols line up on an active payline, coins are paid according to the machine's pay table, which you can open on each machine's screen.",
        'Pachinko: launch balls into the field; balls that land in a winning pocket earn coins. Certain pockets trigger a draw, and a hit starts a bonus round.',
        'Every machine has a machine number, and popular models may have few free machines. Find one to play in the most popular and newest lists.',
        'Check your records: game records in the user center show the game, machine number, bet, winnings and profit or loss of each play, with totals.',
        'Play within your limits: set a budget and a time limit, and enjoy the games responsibly.',
      ),
    },
  },
  'account-transfer': {
    title: { 'ja-JP': 'アカウント移行', 'en-US': 'Account transfer' },
    body: {
      'ja-JP': paragraphs(
        '旧システム(JSY)をご利用だったお客様は、このページから旧アカウントと残高を新しいゲームホールのアカウントへ移行できます。移行は1つの旧アカウントにつき1回のみです。',
        'ステップ1 アカウントの確認:旧システムで使っていたアカウント名とパスワードを入力してください。旧アカウントが確認できると、次のステップに進みます。',
        'ステップ2 銀行カードの確認:旧アカウントに登録していた銀行カードの情報を入力してください。登録内容と一致した場合のみ、移行を続けられます。',
        'ステップ3 メール認証:旧アカウントに登録したメールアドレスに認証コードを送ります。コードを入力して移行を確定してください。コードが届かない場合は、60秒後に再送できます。',
        '移行が完了すると、旧アカウントの残高がゲームコインとして新しいアカウントに反映されます。旧アカウントはその後ご利用いただけません。',
        '旧アカウントの情報を忘れた場合や、移行がうまくいかない場合は、カスタマーサポートまでお問い合わせください。',
      ),
      'en-US': paragraphs(
        'If you used the old JSY system, you can move your old account and its balance to an account in the new game hall here. Each old account can be transferred once.',
        'Step 1, validate your account: enter the account name and password you used in the old system. Once the old account is confirmed, you move on to the next step.',
        'Step 2, validate your card: enter the details of the bank card bound to your old account. You can continue only if they match what was registered.',
        'Step 3, confirm by e-mail: we send a code to the e-mail address of your old account. Enter it to confirm the transfer. If no code arrives, you can have it sent again after 60 seconds.',
        "When the transfer is complete, the old account's balance appears as game coins in your new account, and the old account can no longer be used.",
        'If you have forgotten your old account details or the transfer does not go through, please contact customer support.',
      ),
    },
  },
};

/** The operator-editable pages a new installation starts with, in Japanese and English. */
export const seedPages: { slug: ContentPageSlug; title: LocalisedText; body: LocalisedText }[] = (
  Object.entries(pagesBySlug) as [ContentPageSlug, SeedPage][]
).map(([slug, page]) => ({ slug, ...page }));
