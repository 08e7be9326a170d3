import type { BonusTerms } from '@contract/bonus';
import type { Locale } from '@contract/locales';

/**
 * The banners, notices and promotions a new installation starts with, each written in all seven
 * locales (docs/requirements.md §1.8): the type makes a missing language a compile error.
 */
type Written = Readonly<Record<Locale, string>>;

export interface SeedBanner {
  title: Written;
  imageUrl: string;
  linkUrl: string;
  sort: number;
}

export const seedBanners: readonly SeedBanner[] = [
  {
    title: {
      'ja-JP': 'ゲームホールへようこそ',
      'en-US': 'Welcome to the game hall',
      'ko-KR': '게임 홀에 오신 것을 환영합니다',
      'zh-CN': '欢迎来到游戏大厅',
      'zh-TW': '歡迎來到遊戲大廳',
      'fil-PH': 'Maligayang pagdating sa game hall',
      'vi-VN': 'Chào mừng đến với sảnh trò chơi',
    },
    imageUrl: '/images/banners/banner-1.svg',
    linkUrl: '/game/guide',
    sort: 1,
  },
  {
    title: {
      'ja-JP': '初回入金ボーナス',
      'en-US': 'First deposit bonus',
      'ko-KR': '첫 입금 보너스',
      'zh-CN': '首次充值奖励',
      'zh-TW': '首次儲值獎勵',
      'fil-PH': 'Bonus sa unang deposit',
      'vi-VN': 'Thưởng nạp tiền lần đầu',
    },
    imageUrl: '/images/banners/banner-2.svg',
    linkUrl: '/game/promotion',
    sort: 2,
  },
  {
    title: {
      'ja-JP': '毎週新台入荷',
      'en-US': 'New machines every week',
      'ko-KR': '매주 새로운 기기 입고',
      'zh-CN': '每周新机上架',
      'zh-TW': '每週新機上架',
      'fil-PH': 'Mga bagong makina bawat linggo',
      'vi-VN': 'Máy mới mỗi tuần',
    },
    imageUrl: '/images/banners/banner-3.svg',
    linkUrl: '/game/notice',
    sort: 3,
  },
];

export interface SeedNotice {
  pinned: boolean;
  daysAgo: number;
  title: Written;
  content: Written;
}

export const seedNotices: readonly SeedNotice[] = [
  {
    pinned: true,
    daysAgo: 1,
    title: {
      'ja-JP': '定期メンテナンスのお知らせ',
      'en-US': 'Scheduled maintenance',
      'ko-KR': '정기 점검 안내',
      'zh-CN': '定期维护通知',
      'zh-TW': '定期維護公告',
      'fil-PH': 'Abiso sa nakatakdang maintenance',
      'vi-VN': 'Thông báo bảo trì định kỳ',
    },
    content: {
      'ja-JP':
        '毎週水曜日 4:00〜6:00(日本時間)にシステムメンテナンスを行います。メンテナンス中はゲームと入出金をご利用いただけません。',
      'en-US':
        'The system is maintained every Wednesday from 4:00 to 6:00 (JST). Games, deposits and withdrawals are unavailable during maintenance.',
      'ko-KR':
        '매주 수요일 4:00~6:00(일본 시간)에 시스템 점검을 실시합니다. 점검 중에는 게임과 입출금을 이용하실 수 없습니다.',
      'zh-CN': '每周三 4:00～6:00（日本时间）进行系统维护。维护期间无法使用游戏及充值提现功能。',
      'zh-TW': '每週三 4:00～6:00（日本時間）進行系統維護。維護期間無法使用遊戲及儲值與提款功能。',
      'fil-PH':
        'May maintenance ang system tuwing Miyerkules mula 4:00 hanggang 6:00 (oras sa Japan). Habang may maintenance, hindi magagamit ang mga laro, deposit at withdrawal.',
      'vi-VN':
        'Hệ thống được bảo trì vào thứ Tư hằng tuần từ 4:00 đến 6:00 (giờ Nhật Bản). Trong thời gian bảo trì, bạn không thể chơi game, nạp tiền hay rút tiền.',
    },
  },
  {
    pinned: false,
    daysAgo: 3,
    title: {
      'ja-JP': '新機種「富士ラッシュ」登場',
      'en-US': 'New machine: Fuji Rush',
      'ko-KR': '신규 기종 「후지 러시」 등장',
      'zh-CN': '新机型「富士冲刺」登场',
      'zh-TW': '新機型「富士衝刺」登場',
      'fil-PH': 'Bagong makina: Fuji Rush',
      'vi-VN': 'Máy mới: Fuji Rush',
    },
    content: {
      'ja-JP': '新しいパチンコ機種「富士ラッシュ」が登場しました。ゲームホールでお楽しみください。',
      'en-US': 'Our new pachinko machine Fuji Rush has arrived. Enjoy it in the game hall.',
      'ko-KR': '새로운 파친코 기종 「후지 러시」가 등장했습니다. 게임 홀에서 즐겨 보세요.',
      'zh-CN': '全新柏青哥机型「富士冲刺」已上线，欢迎前往游戏大厅畅玩。',
      'zh-TW': '全新柏青哥機型「富士衝刺」已上線，歡迎前往遊戲大廳暢玩。',
      'fil-PH': 'Dumating na ang bago naming pachinko machine na Fuji Rush. Subukan ito sa game hall.',
      'vi-VN': 'Máy pachinko mới Fuji Rush đã có mặt. Hãy thưởng thức tại sảnh trò chơi.',
    },
  },
  {
    pinned: false,
    daysAgo: 7,
    title: {
      'ja-JP': '入金反映時間について',
      'en-US': 'About deposit crediting',
      'ko-KR': '입금 반영 시간 안내',
      'zh-CN': '关于充值到账时间',
      'zh-TW': '關於儲值入帳時間',
      'fil-PH': 'Tungkol sa pagpasok ng deposit',
      'vi-VN': 'Về thời gian cộng tiền nạp',
    },
    content: {
      'ja-JP':
        '入金は通常10分以内に自動で反映されます。10分を過ぎても反映されない場合はカスタマーサポートにお問い合わせください。',
      'en-US':
        'Deposits are normally credited automatically within ten minutes. If yours has not arrived after ten minutes, please contact customer support.',
      'ko-KR':
        '입금은 보통 10분 이내에 자동으로 반영됩니다. 10분이 지나도 반영되지 않으면 고객 지원팀에 문의해 주세요.',
      'zh-CN': '充值通常会在10分钟内自动到账。如超过10分钟仍未到账，请联系客服。',
      'zh-TW': '儲值通常會在10分鐘內自動入帳。如超過10分鐘仍未入帳，請聯繫客服。',
      'fil-PH':
        'Karaniwang awtomatikong naikredito ang deposit sa loob ng sampung minuto. Kung wala pa rin ito pagkalipas ng sampung minuto, makipag-ugnayan sa customer support.',
      'vi-VN':
        'Tiền nạp thường được cộng tự động trong vòng mười phút. Nếu sau mười phút vẫn chưa thấy, vui lòng liên hệ bộ phận hỗ trợ khách hàng.',
    },
  },
  {
    pinned: false,
    daysAgo: 14,
    title: {
      'ja-JP': '本人確認(KYC)のお願い',
      'en-US': 'Please complete identity verification',
      'ko-KR': '본인 인증(KYC)을 완료해 주세요',
      'zh-CN': '请完成实名认证（KYC）',
      'zh-TW': '請完成實名認證（KYC）',
      'fil-PH': 'Pakikumpleto ang pag-verify ng pagkakakilanlan (KYC)',
      'vi-VN': 'Vui lòng hoàn tất xác minh danh tính (KYC)',
    },
    content: {
      'ja-JP': '出金には本人確認が必要です。ユーザーセンターから身分証の写真をご提出ください。',
      'en-US': 'Withdrawals require identity verification. Please upload photos of your ID from the user center.',
      'ko-KR': '출금하려면 본인 인증이 필요합니다. 사용자 센터에서 신분증 사진을 제출해 주세요.',
      'zh-CN': '提现需要完成实名认证。请在用户中心上传身份证件照片。',
      'zh-TW': '提款需要完成實名認證。請在會員中心上傳身分證件照片。',
      'fil-PH':
        'Kailangan ang pag-verify ng pagkakakilanlan bago mag-withdraw. Mag-upload ng mga larawan ng iyong ID mula sa Sentro ng manlalaro.',
      'vi-VN': 'Rút tiền cần xác minh danh tính. Vui lòng tải ảnh giấy tờ tùy thân lên tại Trung tâm người dùng.',
    },
  },
];

export interface SeedPromotion {
  index: number;
  /** The bonus it offers; its category follows from this and its dates. */
  offer?: BonusTerms;
  startsInDays: number;
  endsInDays: number | null;
  title: Written;
  summary: Written;
}

/** Each promotion's page is its summary followed by this line. */
export const promotionConditions: Written = {
  'ja-JP': '詳しい条件は利用規約とボーナス規定をご確認ください。',
  'en-US': 'See the user agreement and the bonus rules for the full conditions.',
  'ko-KR': '자세한 조건은 이용 약관과 보너스 규정을 확인해 주세요.',
  'zh-CN': '详细条件请查看用户协议和优惠规则。',
  'zh-TW': '詳細條件請參閱使用者協議與優惠規則。',
  'fil-PH': 'Basahin ang Kasunduan ng user at ang Mga tuntunin ng bonus para sa buong kondisyon.',
  'vi-VN': 'Vui lòng xem Thỏa thuận người dùng và Quy định tiền thưởng để biết đầy đủ điều kiện.',
};

export const seedPromotions: readonly SeedPromotion[] = [
  {
    index: 1,
    startsInDays: -2,
    offer: {
      kind: 'depositMatch',
      percent: 20,
      cap: 20_000,
      minDeposit: 1_000,
      qualifies: { rule: 'first' },
      wagerMultiple: 5,
      maxStake: 1_000,
      expiresInDays: 14,
      gameWeights: {},
    },
    endsInDays: 12,
    title: {
      'ja-JP': '初回入金ボーナス',
      'en-US': 'First deposit bonus',
      'ko-KR': '첫 입금 보너스',
      'zh-CN': '首次充值奖励',
      'zh-TW': '首次儲值獎勵',
      'fil-PH': 'Bonus sa unang deposit',
      'vi-VN': 'Thưởng nạp tiền lần đầu',
    },
    summary: {
      'ja-JP': '初回入金額の20%をゲームコインで還元します。',
      'en-US': 'Get 20% of your first deposit back in game coins.',
      'ko-KR': '첫 입금액의 20%를 게임 코인으로 돌려드립니다.',
      'zh-CN': '首次充值金额的20%将以游戏币返还。',
      'zh-TW': '首次儲值金額的20%將以遊戲幣回饋。',
      'fil-PH': 'Makatanggap ng 20% ng iyong unang deposit bilang game coin.',
      'vi-VN': 'Nhận lại 20% số tiền nạp lần đầu dưới dạng xu trò chơi.',
    },
  },
  {
    index: 2,
    startsInDays: -60,
    endsInDays: null,
    title: {
      'ja-JP': '毎週キャッシュバック',
      'en-US': 'Weekly cashback',
      'ko-KR': '주간 캐시백',
      'zh-CN': '每周返现',
      'zh-TW': '每週返現',
      'fil-PH': 'Lingguhang cashback',
      'vi-VN': 'Hoàn tiền hằng tuần',
    },
    summary: {
      'ja-JP': '毎週の純損失の5%をキャッシュバックします。',
      'en-US': '5% of your net weekly loss comes back every Monday.',
      'ko-KR': '매주 순손실의 5%를 캐시백해 드립니다.',
      'zh-CN': '每周返还净亏损的5%。',
      'zh-TW': '每週返還淨虧損的5%。',
      'fil-PH': 'Ibabalik namin ang 5% ng iyong netong pagkatalo bawat linggo.',
      'vi-VN': 'Hoàn lại 5% số tiền thua ròng mỗi tuần.',
    },
  },
  {
    index: 3,
    startsInDays: -1,
    endsInDays: 6,
    title: {
      'ja-JP': 'スロットトーナメント',
      'en-US': 'Slot tournament',
      'ko-KR': '슬롯 토너먼트',
      'zh-CN': '老虎机锦标赛',
      'zh-TW': '老虎機錦標賽',
      'fil-PH': 'Slot na paligsahan',
      'vi-VN': 'Giải đấu slot',
    },
    summary: {
      'ja-JP': '週末のスロット大会で上位入賞者に賞品を進呈します。',
      'en-US': 'Top players of the weekend slot tournament win prizes.',
      'ko-KR': '주말 슬롯 대회의 상위 입상자에게 상품을 드립니다.',
      'zh-CN': '周末老虎机大赛的优胜者将获得奖品。',
      'zh-TW': '週末老虎機大賽的優勝者將獲得獎品。',
      'fil-PH': 'May premyo ang mga nangunang manlalaro sa slot na paligsahan tuwing weekend.',
      'vi-VN': 'Những người chơi dẫn đầu giải đấu slot cuối tuần sẽ nhận giải thưởng.',
    },
  },
  {
    index: 4,
    startsInDays: -90,
    endsInDays: null,
    title: {
      'ja-JP': 'VIPプログラム',
      'en-US': 'VIP programme',
      'ko-KR': 'VIP 프로그램',
      'zh-CN': 'VIP计划',
      'zh-TW': 'VIP計畫',
      'fil-PH': 'Programang VIP',
      'vi-VN': 'Chương trình VIP',
    },
    summary: {
      'ja-JP': 'プレイ量に応じてVIPランクが上がり、特典が増えます。',
      'en-US': 'Climb the VIP ranks as you play and unlock more rewards.',
      'ko-KR': '플레이할수록 VIP 등급이 오르고 혜택이 늘어납니다.',
      'zh-CN': '游戏越多，VIP等级越高，专属福利也越多。',
      'zh-TW': '遊戲越多，VIP等級越高，專屬福利也越多。',
      'fil-PH': 'Tumataas ang iyong VIP rank habang naglalaro ka, at dumarami ang iyong gantimpala.',
      'vi-VN': 'Chơi càng nhiều, hạng VIP càng cao và càng nhiều phần thưởng.',
    },
  },
  {
    index: 5,
    startsInDays: -3,
    endsInDays: 4,
    title: {
      'ja-JP': '週末ボーナス',
      'en-US': 'Weekend bonus',
      'ko-KR': '주말 보너스',
      'zh-CN': '周末奖励',
      'zh-TW': '週末獎勵',
      'fil-PH': 'Bonus sa weekend',
      'vi-VN': 'Thưởng cuối tuần',
    },
    summary: {
      'ja-JP': '土日の入金に10%のボーナスを付与します。',
      'en-US': 'Deposits on Saturday and Sunday earn a 10% bonus.',
      'ko-KR': '토요일과 일요일 입금에 10% 보너스를 드립니다.',
      'zh-CN': '周六、周日充值可获得10%奖励。',
      'zh-TW': '週六、週日儲值可獲得10%獎勵。',
      'fil-PH': 'May 10% na bonus ang mga deposit tuwing Sabado at Linggo.',
      'vi-VN': 'Nạp tiền vào thứ Bảy và Chủ nhật được thưởng thêm 10%.',
    },
  },
  {
    index: 6,
    startsInDays: -5,
    endsInDays: 25,
    title: {
      'ja-JP': '連続ログイン特典',
      'en-US': 'Login streak reward',
      'ko-KR': '연속 로그인 보상',
      'zh-CN': '连续登录奖励',
      'zh-TW': '連續登入獎勵',
      'fil-PH': 'Gantimpala sa tuloy-tuloy na pag-sign in',
      'vi-VN': 'Thưởng đăng nhập liên tục',
    },
    summary: {
      'ja-JP': '7日連続ログインでゲームコインをプレゼント。',
      'en-US': 'Sign in seven days in a row to receive game coins.',
      'ko-KR': '7일 연속 로그인하면 게임 코인을 드립니다.',
      'zh-CN': '连续登录7天即可获得游戏币。',
      'zh-TW': '連續登入7天即可獲得遊戲幣。',
      'fil-PH': 'Mag-sign in nang pitong magkakasunod na araw para makatanggap ng game coin.',
      'vi-VN': 'Đăng nhập bảy ngày liên tiếp để nhận xu trò chơi.',
    },
  },
  {
    index: 7,
    startsInDays: -40,
    endsInDays: -10,
    title: {
      'ja-JP': 'お正月キャンペーン',
      'en-US': 'New Year campaign',
      'ko-KR': '신년 캠페인',
      'zh-CN': '新年活动',
      'zh-TW': '新年活動',
      'fil-PH': 'Kampanya sa Bagong Taon',
      'vi-VN': 'Chương trình mừng năm mới',
    },
    summary: {
      'ja-JP': '新年の特別キャンペーンは終了しました。',
      'en-US': 'The New Year special campaign has ended.',
      'ko-KR': '신년 특별 캠페인은 종료되었습니다.',
      'zh-CN': '新年特别活动已结束。',
      'zh-TW': '新年特別活動已結束。',
      'fil-PH': 'Tapos na ang espesyal na kampanya sa Bagong Taon.',
      'vi-VN': 'Chương trình đặc biệt mừng năm mới đã kết thúc.',
    },
  },
  {
    index: 8,
    startsInDays: -120,
    endsInDays: -60,
    title: {
      'ja-JP': 'サマーフェスティバル',
      'en-US': 'Summer festival',
      'ko-KR': '서머 페스티벌',
      'zh-CN': '夏日庆典',
      'zh-TW': '夏日慶典',
      'fil-PH': 'Pista ng tag-init',
      'vi-VN': 'Lễ hội mùa hè',
    },
    summary: {
      'ja-JP': '夏祭りイベントは終了しました。',
      'en-US': 'The summer festival event has ended.',
      'ko-KR': '여름 축제 이벤트는 종료되었습니다.',
      'zh-CN': '夏日庆典活动已结束。',
      'zh-TW': '夏日慶典活動已結束。',
      'fil-PH': 'Tapos na ang pista ng tag-init.',
      'vi-VN': 'Sự kiện lễ hội mùa hè đã kết thúc.',
    },
  },
];

/** A promotion's page text in one locale: its summary, then where the conditions are. */
export function promotionContent(promotion: SeedPromotion): Written {
  const content = {} as Record<Locale, string>;
  for (const locale of Object.keys(promotion.summary) as Locale[]) {
    // Japanese and Chinese sentences run on without a space.
    const gap = locale === 'ja-JP' || locale.startsWith('zh') ? '' : ' ';
    content[locale] = `${promotion.summary[locale]}${gap}${promotionConditions[locale]}`;
  }
  return content;
}
