import type { ContentPageSlug } from '@contract/content';
import { type PageText, paragraphs } from './page-text';

export const filipinoPages: Record<ContentPageSlug, PageText> = {
  'about-us': {
    title: 'Tungkol sa amin',
    body: paragraphs(
      'Nagpapatakbo kami ng online na game hall kung saan puwede kang maglaro ng Slot at pachinko. Ang layunin namin ay isang lugar na parang totoong hall ang dating, nasa bahay ka man o nasa labas.',
      'Lahat ng laro ay nilalaro gamit ang game coin. Ang palitan ay 1 yen = 1 game coin, kaya ang halagang idineposito mo ay nagiging coin mismo. Ang mga coin na napanalunan mo ay puwedeng i-withdraw sa nakarehistro mong bank account kapag na-verify na ang iyong pagkakakilanlan.',
      'Ang pera mo ay hawak sa isang ledger na nagtatala ng bawat deposito at withdrawal. Makikita mo anumang oras sa Sentro ng manlalaro ang iyong balanse at ang kasaysayan ng deposito, withdrawal at laro.',
      'Para makapaglaro ka nang panatag, mayroon kaming beripikasyon ng pagkakakilanlan (KYC), pagsusuri ng pangalan sa bank card at proteksyon sa pag-log in. Mayroon din kaming mga tool para sa responsableng paglalaro na tutulong sa iyo na hindi sumobra sa paglalaro.',
      'Sa aming programa para sa ahente, puwede kang mag-imbita ng mga kakilala at mamahala sa mga miyembro ng iyong team. Tingnan ang Sentro ng ahente para sa detalye.',
      'Kung may hindi ka malinaw, makipag-ugnayan lang anumang oras sa customer support.',
    ),
  },
  'privacy-policy': {
    title: 'Patakaran sa privacy',
    body: paragraphs(
      'Ipinapaliwanag ng patakarang ito kung paano kinokolekta, ginagamit at pinoprotektahan ng game hall ang iyong personal na impormasyon. Pakibasa ito bago mo gamitin ang serbisyo.',
      'Mga kinokolekta namin: ang user name at e-mail address mo sa pagpaparehistro; ang pangalan at numero ng telepono sa iyong profile; mga larawan ng iyong ID para sa beripikasyon ng pagkakakilanlan (harap, likod at larawan mong hawak ito); ang bank card na pinagwi-withdraw-an mo; ang kasaysayan ng iyong deposito, withdrawal at laro; at ang detalye ng koneksyon tuwing nagla-log in ka.',
      'Layunin ng paggamit: para pamahalaan ang iyong account, i-verify ang iyong pagkakakilanlan, iproseso ang mga deposito at withdrawal, pigilan ang pandaraya at money laundering, sagutin ang iyong mga tanong at tuparin ang mga obligasyon namin sa batas. Hindi namin ito gagamitin sa ibang layunin nang wala ang iyong pahintulot.',
      'Pagbabahagi sa iba: maaari kaming magbigay ng impormasyon sa mga payment provider at bangko hanggang sa kailangan lang para maproseso ang mga bayad. Maliban kung iniuutos ng batas ang pagbubunyag, hindi namin ibibigay sa iba ang iyong personal na impormasyon nang wala ang iyong pahintulot.',
      'Seguridad: ang Password at payment Password ay iniimbak sa anyong hindi na maibabalik, at naka-encrypt ang lahat ng komunikasyon. Ang mga larawan para sa beripikasyon ay makikita lang ng mga tauhang sumusuri nito.',
      'Tagal ng pag-iimbak at ang iyong mga karapatan: iniimbak namin ang personal na impormasyon sa panahong itinakda ng batas. Maaari mong hilingin na makita, itama o itigil ang paggamit ng iyong impormasyon. Kung gusto mo ito, makipag-ugnayan sa customer support.',
      'Maaari naming baguhin ang patakarang ito kung kailangan. Ang mahahalagang pagbabago ay iaanunsyo sa mga abiso.',
    ),
  },
  'user-agreement': {
    title: 'Kasunduan ng user',
    body: paragraphs(
      'Itinatakda ng kasunduang ito ang mga kondisyon sa paggamit ng serbisyo ng game hall. Sa pagrehistro ng account, itinuturing na sumasang-ayon ka sa kasunduang ito.',
      'Account: ang mga 20 taong gulang pataas lang ang puwedeng magparehistro. Isang account lang bawat tao, at hindi ito puwedeng ilipat o ipahiram sa iba. Ang user name ay dapat binubuo ng mga letra at numero. Ingatang mabuti ang iyong Password at payment Password.',
      'Game coin: nilalaro ang mga laro gamit ang game coin. Ang palitan ay 1 yen = 1 game coin. Karaniwang awtomatikong naikikredito ang deposito sa loob ng 10 minuto. Kung wala pa rin ito pagkalipas ng 10 minuto, makipag-ugnayan sa customer support.',
      'Deposito at withdrawal: bago magdeposito o mag-withdraw, kailangan mong magrehistro ng bank card na nakapangalan sa iyo. Bago mag-withdraw, kumpletuhin ang pagsusuri ng beripikasyon ng pagkakakilanlan (KYC). Hindi puwedeng mag-withdraw sa account na nakapangalan sa ibang tao.',
      'Mga ipinagbabawal: paggamit ng pandarayang programa, paggawa ng maraming account, paggamit ng pangalan o paraan ng pagbabayad ng iba, pagsasamantala sa depekto ng system, at mga transaksyong layong mag-money laundering. Kapag may napatunayang paglabag, maaari naming suspindihin ang account at kumpiskahin ang balanse.',
      'Saklaw ng pananagutan: maaaring pansamantalang hindi magamit ang serbisyo dahil sa problema sa network o maintenance. Ang mga larong naganap sa panahong iyon ay aayusin batay sa mga resultang naitala.',
      'Maaaring baguhin ang kasunduang ito nang walang paunang abiso. Kung patuloy mong gagamitin ang serbisyo pagkatapos ng pagbabago, itinuturing na sumasang-ayon ka sa binagong kasunduan.',
    ),
  },
  'responsible-game': {
    title: 'Maglaro nang may pagpipigil',
    body: paragraphs(
      'Ang laro ay para sa libangan. Itinataguyod namin ang responsableng paglalaro para makapaglaro ka nang hindi lumalampas sa iyong kakayahan.',
      'Bago maglaro, magtakda ng budget at oras, at huwag itong lampasan. Huwag taasan ang taya para bawiin ang talo, at huwag maglaro gamit ang pera para sa pang-araw-araw na gastusin o perang hiniram.',
      'Limitasyon sa deposito: puwede kang magtakda ng limitasyon sa deposito kada araw, kada linggo o kada buwan. Agad na umiiral ang pagbaba ng limitasyon; ang pagtaas naman ay umiiral lang pagkatapos ng isang panahon ng paghihintay.',
      'Self-exclusion: kung gusto mong magpahinga muna sa paglalaro, puwede mong ipasuspinde ang iyong account nang may takdang panahon o nang walang katapusan. Habang suspendido ito, hindi ka makakapag-log in, makakapagdeposito o makakapaglaro. Hilingin ito sa customer support.',
      'Mag-ingat kung mapapansin mo ang mga palatandaang ito: mas matagal kang naglalaro kaysa sa plano, itinatago mo sa pamilya ang iyong paglalaro, palagi mong iniisip ang laro, o naglalaro ka para bawiin ang talo.',
      'Huwag mong sarilinin ang problema; humingi ng tulong. May konsultasyon para sa pagkalulong sa sugal sa mga sentro ng kalusugang pangkaisipan sa inyong lugar at sa mga dalubhasang organisasyong tumutulong dito.',
      'Hindi puwedeng gumamit ng serbisyo ang mga wala pang 20 taong gulang. Inirerekomenda namin ang filtering software sa mga device na ginagamit ng inyong pamilya.',
    ),
  },
  'discount-statute': {
    title: 'Mga tuntunin ng bonus',
    body: paragraphs(
      'Ang mga tuntuning ito ay para sa lahat ng benepisyong iniaalok ng game hall, gaya ng bonus, cashback at kampanya. Kung may sariling kondisyon ang isang kampanya, iyon ang masusunod.',
      'Isang beses lang makukuha ang bawat benepisyo bawat tao, bawat sambahayan at bawat paraan ng pagbabayad. Hindi pinapayagan ang pagkuha ng iisang tao gamit ang maraming account.',
      'Ang game coin na ibinigay bilang bonus ay hindi maiwi-withdraw hangga’t hindi natutugunan ang wagering requirement ng kampanya (mga taya na katumbas ng itinakdang multiple ng bonus). Makikita mo ang progreso nito sa Sentro ng manlalaro.',
      'Para makatanggap ng benepisyo, kailangang kumpleto na ang beripikasyon ng pagkakakilanlan (KYC) at ang pagrehistro ng bank card.',
      'Kapag napatunayang nakuha ang benepisyo sa hindi patas na paraan, sa paulit-ulit na pagdeposito at pag-withdraw para lang sa bonus, o gamit ang maraming account, maaari naming bawiin ang benepisyo at ang mga napanalunan mula rito.',
      'Maaaring baguhin o tapusin ng game hall ang nilalaman ng isang kampanya. Iaanunsyo ang mga pagbabago sa mga abiso at sa pahina ng mga promosyon.',
    ),
  },
  'licence-privacy-policy': {
    title: 'Abiso sa privacy',
    body: paragraphs(
      'Maayos na hinahawakan ng operator ng game hall ang iyong personal na impormasyon ayon sa mga kondisyon ng gaming license nito. Binubuod ng pahinang ito kung paano ito hinahawakan ayon sa lisensya.',
      'Ayon sa itinakda ng awtoridad na nagbigay ng lisensya, iniimbak ng operator sa takdang panahon ang mga dokumento ng pagkakakilanlan, mga tala ng transaksyon at mga tala ng laro. Maaaring gamitin ang mga talang ito sa audit ng awtoridad at sa mga pagsusuri laban sa money laundering.',
      'Kapag hiniling ito ng batas o ng pormal na kahilingan ng awtoridad na nagbigay ng lisensya, ibibigay ng operator sa awtoridad ang mga kailangang tala. Bukod dito, hindi namin ibinebenta o ibinibigay sa iba ang iyong impormasyon para sa anumang ibang layunin.',
      'Ang iyong impormasyon ay naka-encrypt at nakaimbak sa mga system na limitado ang access. Kapag nagkaroon ng data breach, agad naming aabisuhan ikaw at ang awtoridad.',
      'Para humiling na makita, itama o burahin ang iyong impormasyon, o para sa anumang tanong tungkol sa patakarang ito, makipag-ugnayan sa customer support. Ang mga talang inaatas ng batas na itago ay hindi mabubura hangga’t hindi natatapos ang panahong iyon.',
    ),
  },
  'terms-conditions': {
    title: 'Mga tuntunin at kundisyon',
    body: paragraphs(
      'Ang mga tuntunin at kondisyong ito ay para sa lahat ng manlalaro, batay sa gaming license na hawak ng operator ng game hall. Kung may salungatan sa Kasunduan ng user, ang mga tuntuning ito ang masusunod.',
      'Ang resulta ng laro ay itinatakda ng sertipikadong random number generator. Walang kakayahan ang operator o ang sinumang manlalaro na impluwensyahan ang resulta. Kapag nasira ang isang makina, walang bisa ang lahat ng laro at bayad habang sira ito.',
      'Responsibilidad ng manlalaro na tiyaking pinapayagan ang online na paglalaro sa bansa o rehiyong tinitirhan niya. Ipinagbabawal ang pag-access mula sa mga lugar kung saan hindi ito pinapayagan.',
      'Para labanan ang money laundering at ang pagpopondo sa terorismo, maaaring suriin ng operator ang mga transaksyon, humingi ng karagdagang dokumento at ipagpaliban ang mga withdrawal.',
      'Kung may reklamo, iparating muna ito sa customer support. Kung hindi ito maresolba, maaari mo itong idulog sa katawang tagalutas ng alitan na itinalaga ng awtoridad na nagbigay ng lisensya.',
    ),
  },
  'responsible-gaming': {
    title: 'Responsableng paglalaro',
    body: paragraphs(
      'Bilang kondisyon ng lisensya nito, nagsisikap ang operator na protektahan ang mga manlalaro at pigilan ang pagkalulong sa sugal.',
      'Pagsusuri ng edad: para hindi makagamit ang mga wala pang 20 taong gulang, sinusuri ang petsa ng kapanganakan sa beripikasyon ng pagkakakilanlan bago ang anumang withdrawal. Kapag napatunayang pag-aari ng menor de edad ang account, isasara ito at ibabalik ang mga idineposito. Hindi babayaran ang mga napanalunan.',
      'Mga limitasyon: puwedeng magtakda ang manlalaro ng limitasyon sa deposito, magpahinga nang may takdang panahon o mag-self-exclude nang walang katapusan. Ang mga account na naka-self-exclusion ay hindi padadalhan ng anumang anunsyo ng kampanya.',
      'Pagbabantay: binabantayan ng operator ang mga palatandaan ng mapanganib na paglalaro, gaya ng biglang paglaki ng deposito o napakatagal na tuloy-tuloy na paglalaro, at kinakausap ang manlalaro kung kailangan.',
      'Tulong: kung nagkakaproblema ka dahil sa sugal, kumonsulta sa sentro ng kalusugang pangkaisipan sa inyong lugar o sa mga dalubhasang organisasyong tumutulong dito. Libre ang konsultasyon at pinananatiling lihim.',
    ),
  },
  download: {
    title: 'I-download ang app',
    body: paragraphs(
      'Sa app ng game hall, puwede kang maglaro ng Slot at pachinko sa iyong smartphone anumang oras. Pareho ang iyong account at balanse sa website.',
      'Kung iPhone ang gamit mo, kunin ang app sa App Store; kung Android, kunin ito sa Google Play o gamit ang download button sa pahinang ito.',
      'Puwede kang mag-log in sa app gamit ang user name at Password, o gamit ang QR code: habang naka-log in sa website, buksan ang "Pag-log in sa app" sa Sentro ng manlalaro at i-scan gamit ang app ang QR code na lalabas.',
      'Mawawalan ng bisa ang QR code pagkalipas ng maikling oras. Kung hindi ito ma-scan, i-reload ang pahina para lumabas ang bagong QR code.',
      'Palaging gamitin ang pinakabagong bersyon ng app. Maaaring hindi gumana ang ilang feature sa mga lumang bersyon.',
    ),
  },
  support: {
    title: 'Suporta sa customer',
    body: paragraphs(
      'Bukas ang customer support nang 24 oras, araw-araw sa buong taon, para sa iyong mga tanong.',
      'Kapag makikipag-ugnayan ka, ibigay ang iyong user name, ang iyong tanong o problema, ang kaugnay na order number (para sa deposito at withdrawal) at kung kailan ito nangyari. Mas mabilis kaming makakasagot kung may screenshot.',
      'Kung hindi pa naikredito ang deposito pagkalipas ng 10 minuto, ipadala sa amin ang resibo ng transfer o ang transaction ID ng iyong crypto transfer. Susuriin namin ito at ikikredito sa iyong balanse.',
      'Para sa iyong seguridad, hinding-hindi hihingin ng aming support staff ang iyong Password, payment Password o code na natanggap mo sa e-mail. Kung may humingi nito, huwag na huwag itong ibigay.',
      'Ang mga karaniwang tanong ay nakalista sa pahinang "Mga madalas itanong". Kung titingnan mo muna ito bago magtanong, maaaring malutas agad ang iyong problema.',
    ),
  },
  activity: {
    title: 'Mga event',
    body: paragraphs(
      'Regular na nagdaraos ang game hall ng mga seasonal na event, paligsahan at bonus na kampanya.',
      'Makikita ang mga kasalukuyang kampanya sa pahina ng mga promosyon. Puwede kang maghanap ayon sa "Limitadong panahon", "Pangmatagalan" at "Espesyal", at balikan ang mga tapos nang kampanya sa "Mga nakaraang event".',
      'Sa Slot na paligsahan, nagtatagisan ang mga manlalaro batay sa mga coin na napanalunan sa loob ng takdang panahon. Ang mga nangunguna ay tatanggap ng game coin bilang premyo.',
      'Maaaring kailanganin ang beripikasyon ng pagkakakilanlan (KYC) at rehistradong bank card para makasali sa ilang event. Basahing mabuti ang mga kondisyon ng bawat event at ang Mga tuntunin sa diskwento.',
      'Iaanunsyo rin sa mga abiso ang mga bagong event. Para hindi ka makaligta, tingnan ang mga ito nang regular.',
    ),
  },
  'deposit-guide': {
    title: 'Pagdeposito at pag-withdraw',
    body: paragraphs(
      'Bago magdeposito o mag-withdraw, magrehistro ng bank card na nakapangalan sa iyo sa "Mga setting ng bank card" sa Sentro ng manlalaro. Ang pangalan sa card ay dapat tugma sa pangalan ng account na pagmumulan ng transfer.',
      'Bank transfer (yen): ilagay ang halaga sa screen ng "Deposito" at i-transfer ito sa account na ipinapakita. Ang palitan ay 1 yen = 1 game coin. Karaniwang awtomatikong naikikredito ang deposito sa loob ng 10 minuto. Kung wala pa rin ito pagkalipas ng 10 minuto, makipag-ugnayan sa customer support.',
      'Crypto: sa screen ng "Crypto na deposito", piliin ang currency at network para lumabas ang iyong deposit address. Ipadala ito gamit ang parehong network na pinili mo. Ang asset na ipinadala sa ibang network ay hindi maikikredito at maaaring mawala.',
      'Ang crypto withdrawal ay magagawa lang sa parehong network na ginamit mo sa pagdeposito. Sinusuri ang withdrawal address bago magpadala, at ang minimum, maximum at bayad na ipinapakita sa screen ang ilalapat sa halaga ng withdrawal.',
      'Withdrawal: kumpletuhin muna ang pagsusuri ng beripikasyon ng pagkakakilanlan (KYC). Pinoproseso ang bawat kahilingan pagkatapos ng pagsusuri, at ipinapakita ang status bilang "Nagwi-withdraw", "Sinusuri ang withdrawal", "Matagumpay ang withdrawal" o "Nabigo ang withdrawal". Kapag nabigo ang withdrawal, babalik ang halaga sa iyong balanse.',
      'Makikita ang lahat ng deposito at withdrawal, kasama ang order number, sa "Mga tala ng transaksyon" sa Sentro ng manlalaro.',
    ),
  },
  faq: {
    title: 'Mga madalas itanong',
    body: paragraphs(
      'Q. Magkano ang palitan ng yen at game coin? A. 1 yen = 1 game coin. Ang halagang idineposito mo ay idinadagdag sa iyong balanse bilang game coin.',
      'Q. Hindi pa pumapasok ang deposito ko. A. Karaniwang awtomatikong naikikredito ang deposito sa loob ng 10 minuto. Kung wala pa rin ito pagkalipas ng 10 minuto, makipag-ugnayan sa customer support at ipadala ang resibo ng iyong transfer.',
      'Q. Lumalabas ang "Magrehistro muna ng bank card". A. Bago magdeposito o mag-withdraw, kailangan mong magrehistro ng bank card na nakapangalan sa iyo sa "Mga setting ng bank card" sa Sentro ng manlalaro.',
      'Q. Ano ang kailangan para makapag-withdraw? A. Rehistradong bank card at aprubadong beripikasyon ng pagkakakilanlan (KYC). I-upload ang harap at likod ng iyong ID at larawan mong hawak ito.',
      'Q. Nakalimutan ko ang aking Password. A. Sa login screen, i-click ang "Nakalimutan ang password?", ilagay ang pangalan ng account at ang captcha, at magtakda ng bago.',
      'Q. Limitado ang mga network na mapipili sa crypto withdrawal. A. Ang crypto withdrawal ay magagawa lang sa parehong network na ginamit mo sa pagdeposito.',
      'Q. Magagamit ko pa ba ang account ko mula sa lumang system (JSY)? A. Oo. Sa pahinang "Paglipat ng account", maililipat mo ang lumang account at ang balanse nito sa bagong account.',
      'Q. Paano maging ahente? A. Mag-apply sa Sentro ng ahente. Pagkatapos maaprubahan, bibigyan ka ng agent code na magagamit mo sa pag-imbita.',
    ),
  },
  'game-guide': {
    title: 'Paano maglaro',
    body: paragraphs(
      'Para sa mga baguhan: makatanggap ng code sa iyong e-mail address, pagkatapos ay pumili ng user name at Password, at rehistrado ka na. Kung inimbitahan ka ng ahente, ilagay ang kanyang agent code sa pagpaparehistro.',
      'Maghanda ng coin: kapag may rehistrado ka nang bank card, bumili ng game coin sa screen ng "Deposito". 1 yen = 1 game coin, at karaniwang naikikredito sa iyong balanse sa loob ng 10 minuto.',
      'Slot: pumili ng taya at mag-spin. Kapag nagkahanay ang mga simbolo sa isang aktibong payline, magbabayad ng coin ayon sa pay table ng bawat makina. Makikita ang pay table sa screen ng bawat makina.',
      'Pachinko: magpalipad ng mga bola; kapag pumasok ang bola sa panalong butas, makakakuha ka ng coin. May bunutan sa ilang partikular na butas, at kapag tumama ka, magsisimula ang bonus round.',
      'May machine number ang bawat makina, at maaaring kaunti lang ang bakanteng makina ng mga sikat na modelo. Hanapin ang gusto mong laruin sa listahan ng pinakasikat at pinakabago.',
      'Tingnan ang iyong mga tala: sa "Mga tala ng laro" sa Sentro ng manlalaro, makikita ang pangalan ng laro, machine number, taya, panalo, tubo o lugi at ang kabuuan ng mga ito.',
      'Mag-ingat na huwag sumobra sa paglalaro. Magtakda ng budget at oras, at maglaro nang responsable.',
    ),
  },
  'account-transfer': {
    title: 'Paglipat ng account',
    body: paragraphs(
      'Kung gumamit ka ng lumang system (JSY), maililipat mo rito ang iyong lumang account at ang balanse nito sa isang account sa bagong game hall. Isang beses lang maililipat ang bawat lumang account.',
      'Hakbang 1, kumpirmahin ang account: ilagay ang pangalan ng account at Password na ginamit mo sa lumang system. Kapag nakumpirma ang lumang account, tutuloy ka sa susunod na hakbang.',
      'Hakbang 2, kumpirmahin ang bank card: ilagay ang detalye ng bank card na nakarehistro sa iyong lumang account. Makakapagpatuloy ka lang kung tugma ito sa nakarehistro.',
      'Hakbang 3, beripikasyon sa e-mail: magpapadala kami ng code sa e-mail address na nakarehistro sa iyong lumang account. Ilagay ang code para kumpirmahin ang paglipat. Kung hindi dumating ang code, puwede itong ipadala muli pagkalipas ng 60 segundo.',
      'Kapag tapos na ang paglipat, lalabas bilang game coin sa iyong bagong account ang balanse ng lumang account. Hindi na magagamit ang lumang account pagkatapos nito.',
      'Kung nakalimutan mo ang detalye ng iyong lumang account o hindi natuloy ang paglipat, makipag-ugnayan sa customer support.',
    ),
  },
};
