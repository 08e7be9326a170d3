import type { ContentPageSlug } from '@contract/content';
import { type PageText, paragraphs } from './page-text';

export const vietnamesePages: Record<ContentPageSlug, PageText> = {
  'about-us': {
    title: 'Về chúng tôi',
    body: paragraphs(
      'Chúng tôi vận hành một sảnh trò chơi trực tuyến, nơi bạn có thể thưởng thức slot và pachinko. Mục tiêu của chúng tôi là tạo ra một nơi mang lại cảm giác sống động như đang ở sảnh thật, dù bạn chơi ở nhà hay khi đang ra ngoài.',
      'Mọi trò chơi đều được chơi bằng xu trò chơi. Tỷ lệ quy đổi là 1 yên = 1 xu trò chơi, số tiền bạn nạp sẽ trở thành xu tương ứng. Xu thắng được có thể rút về tài khoản ngân hàng đã đăng ký sau khi hoàn tất xác minh danh tính.',
      'Tiền của bạn được quản lý bằng sổ cái ghi lại mọi giao dịch nạp và rút. Bạn có thể xem số dư cùng lịch sử nạp tiền, rút tiền và trò chơi tại Trung tâm người dùng bất cứ lúc nào.',
      'Để bạn yên tâm chơi, chúng tôi có các cơ chế như xác minh danh tính (KYC), kiểm tra tên chủ thẻ ngân hàng và bảo vệ đăng nhập. Chúng tôi cũng cung cấp các công cụ chơi có trách nhiệm giúp bạn tránh chơi quá đà.',
      'Với chương trình đại lý, bạn có thể giới thiệu người quen và quản lý thành viên trong nhóm của mình. Xem chi tiết tại Trung tâm đại lý.',
      'Nếu có điều gì chưa rõ, hãy liên hệ bộ phận hỗ trợ khách hàng bất cứ lúc nào.',
    ),
  },
  'privacy-policy': {
    title: 'Chính sách quyền riêng tư',
    body: paragraphs(
      'Chính sách này giải thích cách sảnh trò chơi thu thập, sử dụng và bảo vệ thông tin cá nhân của bạn. Vui lòng đọc kỹ trước khi sử dụng dịch vụ.',
      'Thông tin được thu thập: tên người dùng và địa chỉ email khi đăng ký; họ tên và số điện thoại trong hồ sơ; ảnh giấy tờ tùy thân để xác minh danh tính (mặt trước, mặt sau và ảnh bạn cầm giấy tờ); thông tin thẻ ngân hàng nhận tiền rút; lịch sử nạp, rút và trò chơi; cùng thông tin kết nối khi đăng nhập.',
      'Mục đích sử dụng: để quản lý tài khoản, xác minh danh tính, xử lý nạp và rút tiền, ngăn chặn gian lận và rửa tiền, trả lời yêu cầu hỗ trợ và thực hiện các nghĩa vụ theo pháp luật. Chúng tôi không sử dụng cho bất kỳ mục đích nào khác nếu không có sự đồng ý của bạn.',
      'Cung cấp cho bên thứ ba: chúng tôi có thể cung cấp thông tin cho các đơn vị thanh toán và tổ chức tài chính trong phạm vi cần thiết để xử lý thanh toán. Ngoài trường hợp pháp luật yêu cầu công bố, chúng tôi không cung cấp thông tin cá nhân của bạn cho bên thứ ba khi chưa có sự đồng ý của bạn.',
      'Quản lý an toàn: mật khẩu và mật khẩu thanh toán được lưu ở dạng không thể khôi phục, mọi kết nối đều được mã hóa. Ảnh xác minh danh tính chỉ nhân viên phụ trách xét duyệt mới được xem.',
      'Thời hạn lưu trữ và quyền của bạn: thông tin cá nhân được lưu trong thời hạn pháp luật quy định. Bạn có thể yêu cầu xem, chỉnh sửa hoặc ngừng sử dụng thông tin của mình. Nếu có nhu cầu, vui lòng liên hệ bộ phận hỗ trợ khách hàng.',
      'Chính sách này có thể được sửa đổi khi cần. Những thay đổi quan trọng sẽ được thông báo trong mục thông báo.',
    ),
  },
  'user-agreement': {
    title: 'Thỏa thuận người dùng',
    body: paragraphs(
      'Thỏa thuận này quy định các điều kiện khi bạn sử dụng dịch vụ của sảnh trò chơi. Khi đăng ký tài khoản, bạn được xem là đã đồng ý với thỏa thuận này.',
      'Tài khoản: chỉ người từ đủ 20 tuổi trở lên mới được đăng ký. Mỗi người chỉ được tạo một tài khoản và không được chuyển nhượng hay cho người khác mượn. Tên người dùng phải gồm chữ cái và chữ số. Vui lòng tự bảo quản cẩn thận mật khẩu và mật khẩu thanh toán.',
      'Xu trò chơi: trò chơi được chơi bằng xu trò chơi. Tỷ lệ quy đổi là 1 yên = 1 xu trò chơi. Tiền nạp thường được cộng tự động trong vòng 10 phút. Nếu sau 10 phút vẫn chưa được cộng, vui lòng liên hệ bộ phận hỗ trợ khách hàng.',
      'Nạp và rút tiền: trước khi nạp hoặc rút tiền, bạn cần đăng ký thẻ ngân hàng đứng tên chính mình. Trước khi rút tiền, vui lòng hoàn tất xét duyệt xác minh danh tính (KYC). Không thể rút tiền về tài khoản đứng tên người khác.',
      'Hành vi bị cấm: sử dụng phần mềm gian lận, tạo nhiều tài khoản, sử dụng danh tính hoặc phương thức thanh toán của người khác, lợi dụng lỗi hệ thống và các giao dịch nhằm mục đích rửa tiền. Nếu phát hiện vi phạm, chúng tôi có thể khóa tài khoản hoặc tịch thu số dư.',
      'Phạm vi trách nhiệm: dịch vụ có thể tạm thời không sử dụng được do sự cố mạng hoặc bảo trì. Các ván chơi trong thời gian đó sẽ được thanh toán dựa trên kết quả đã được ghi nhận.',
      'Thỏa thuận này có thể được sửa đổi mà không báo trước. Nếu bạn tiếp tục sử dụng dịch vụ sau khi sửa đổi, bạn được xem là đã đồng ý với thỏa thuận đã sửa đổi.',
    ),
  },
  'responsible-game': {
    title: 'Chơi có chừng mực',
    body: paragraphs(
      'Trò chơi là để giải trí. Chúng tôi khuyến khích chơi có trách nhiệm để bạn có thể chơi trong khả năng của mình.',
      'Trước khi chơi, hãy đặt ra ngân sách và thời gian, và đừng vượt quá. Đừng tăng tiền cược để gỡ lại khoản đã thua, và đừng chơi bằng tiền sinh hoạt hay tiền đi vay.',
      'Hạn mức nạp tiền: bạn có thể đặt hạn mức nạp tiền theo ngày, theo tuần hoặc theo tháng. Việc giảm hạn mức có hiệu lực ngay, còn việc tăng hạn mức chỉ có hiệu lực sau một khoảng thời gian chờ nhất định.',
      'Tự loại trừ: khi muốn tạm ngừng chơi, bạn có thể khóa tài khoản trong một khoảng thời gian nhất định hoặc vô thời hạn. Trong thời gian khóa, bạn không thể đăng nhập, nạp tiền hay chơi. Vui lòng liên hệ bộ phận hỗ trợ khách hàng để thiết lập.',
      'Cần chú ý nếu có những dấu hiệu sau: chơi lâu hơn dự định, giấu gia đình việc mình chơi, lúc nào cũng nghĩ đến trò chơi, hoặc chơi để gỡ lại khoản đã thua.',
      'Đừng một mình trăn trở, hãy tìm người tư vấn. Các trung tâm sức khỏe tâm thần tại địa phương và các tổ chức hỗ trợ chuyên môn đều tiếp nhận tư vấn về nghiện cờ bạc.',
      'Người dưới 20 tuổi không được sử dụng dịch vụ. Chúng tôi khuyên bạn nên dùng phần mềm lọc nội dung trên các thiết bị mà gia đình sử dụng.',
    ),
  },
  'discount-statute': {
    title: 'Quy định tiền thưởng',
    body: paragraphs(
      'Quy định này áp dụng chung cho mọi ưu đãi mà sảnh trò chơi cung cấp, như tiền thưởng, hoàn tiền và chương trình khuyến mãi. Nếu một chương trình có điều kiện riêng, điều kiện đó được ưu tiên.',
      'Mỗi ưu đãi chỉ được nhận một lần cho mỗi người, mỗi hộ gia đình và mỗi phương thức thanh toán. Không chấp nhận việc một người nhận qua nhiều tài khoản.',
      'Xu trò chơi được tặng dưới dạng tiền thưởng không thể rút cho đến khi đáp ứng yêu cầu cược của từng chương trình (tổng cược bằng một bội số nhất định của tiền thưởng). Bạn có thể theo dõi tiến độ yêu cầu cược tại Trung tâm người dùng.',
      'Để nhận ưu đãi, bạn cần hoàn tất xác minh danh tính (KYC) và đăng ký thẻ ngân hàng.',
      'Nếu phát hiện ưu đãi được nhận bằng thủ đoạn gian lận, bằng cách nạp rút liên tục chỉ để nhận thưởng, hoặc qua nhiều tài khoản, chúng tôi có thể hủy ưu đãi và số tiền thắng có được từ ưu đãi đó.',
      'Sảnh trò chơi có thể thay đổi hoặc kết thúc nội dung chương trình. Các thay đổi sẽ được thông báo trong mục thông báo và trên trang khuyến mãi.',
    ),
  },
  'licence-privacy-policy': {
    title: 'Thông báo quyền riêng tư',
    body: paragraphs(
      'Đơn vị vận hành sảnh trò chơi xử lý thông tin cá nhân của bạn một cách phù hợp theo các điều kiện của giấy phép trò chơi. Trang này tóm tắt cách xử lý thông tin cá nhân theo giấy phép.',
      'Theo quy định của cơ quan cấp phép, đơn vị vận hành lưu giữ giấy tờ xác minh danh tính, hồ sơ giao dịch và hồ sơ trò chơi trong một thời hạn nhất định. Các hồ sơ này có thể được dùng cho việc kiểm toán của cơ quan cấp phép và kiểm tra phòng chống rửa tiền.',
      'Khi pháp luật hoặc cơ quan cấp phép yêu cầu chính thức, đơn vị vận hành sẽ nộp hồ sơ cho cơ quan đó trong phạm vi cần thiết. Ngoài ra, chúng tôi không bán hay cung cấp thông tin của bạn cho bên thứ ba vì bất kỳ mục đích nào khác.',
      'Thông tin của bạn được mã hóa và lưu trong hệ thống có giới hạn quyền truy cập. Nếu xảy ra rò rỉ dữ liệu, chúng tôi sẽ nhanh chóng thông báo cho bạn và cơ quan cấp phép.',
      'Để yêu cầu xem, chỉnh sửa hoặc xóa thông tin của bạn, hoặc nếu có câu hỏi về chính sách này, vui lòng liên hệ bộ phận hỗ trợ khách hàng. Những hồ sơ mà pháp luật bắt buộc lưu giữ không thể xóa trước khi hết thời hạn đó.',
    ),
  },
  'terms-conditions': {
    title: 'Điều khoản và điều kiện',
    body: paragraphs(
      'Các điều khoản và điều kiện này áp dụng cho mọi người chơi theo giấy phép trò chơi mà đơn vị vận hành sảnh trò chơi nắm giữ. Nếu có mâu thuẫn với Thỏa thuận người dùng, các điều khoản này được ưu tiên.',
      'Kết quả trò chơi được quyết định bởi bộ tạo số ngẫu nhiên đã được chứng nhận. Cả đơn vị vận hành lẫn người chơi đều không thể tác động đến kết quả. Khi máy gặp sự cố, mọi lượt chơi và khoản trả thưởng trong thời gian đó đều vô hiệu.',
      'Người chơi có trách nhiệm tự xác nhận rằng quốc gia hoặc khu vực mình sinh sống cho phép sử dụng trò chơi trực tuyến. Nghiêm cấm truy cập từ những nơi không cho phép.',
      'Để phòng chống rửa tiền và tài trợ khủng bố, đơn vị vận hành có thể kiểm tra giao dịch, yêu cầu nộp thêm giấy tờ và tạm giữ lệnh rút tiền.',
      'Nếu có khiếu nại, trước tiên vui lòng gửi đến bộ phận hỗ trợ khách hàng. Nếu không giải quyết được, bạn có thể gửi khiếu nại đến cơ quan giải quyết tranh chấp do cơ quan cấp phép chỉ định.',
    ),
  },
  'responsible-gaming': {
    title: 'Chơi game có trách nhiệm',
    body: paragraphs(
      'Theo điều kiện của giấy phép, đơn vị vận hành nỗ lực bảo vệ người chơi và phòng ngừa nghiện cờ bạc.',
      'Kiểm tra độ tuổi: để ngăn người dưới 20 tuổi sử dụng, ngày sinh được kiểm tra khi xác minh danh tính trước khi rút tiền. Nếu phát hiện tài khoản thuộc về người chưa thành niên, tài khoản sẽ bị đóng và số tiền đã nạp sẽ được hoàn lại. Tiền thắng sẽ không được chi trả.',
      'Giới hạn sử dụng: người chơi có thể chọn đặt hạn mức nạp tiền, tạm nghỉ trong một khoảng thời gian hoặc tự loại trừ vô thời hạn. Tài khoản đang tự loại trừ cũng sẽ không nhận được thông báo về chương trình khuyến mãi.',
      'Theo dõi: đơn vị vận hành theo dõi các dấu hiệu sử dụng có rủi ro, như tiền nạp tăng đột biến hoặc chơi liên tục trong thời gian dài, và liên hệ với người chơi khi cần.',
      'Hỗ trợ: nếu bạn đang gặp khó khăn vì cờ bạc, hãy tìm tư vấn tại trung tâm sức khỏe tâm thần ở địa phương hoặc các tổ chức hỗ trợ chuyên môn. Việc tư vấn là miễn phí và được giữ bí mật.',
    ),
  },
  download: {
    title: 'Tải ứng dụng',
    body: paragraphs(
      'Với ứng dụng sảnh trò chơi, bạn có thể chơi slot và pachinko trên điện thoại bất cứ lúc nào. Tài khoản và số dư dùng chung với trang web.',
      'Nếu dùng iPhone, hãy tải ứng dụng từ App Store; nếu dùng Android, hãy tải từ Google Play hoặc bằng nút tải xuống trên trang này.',
      'Ngoài tên người dùng và mật khẩu, bạn cũng có thể đăng nhập ứng dụng bằng mã QR. Khi đang đăng nhập trên trang web, hãy mở "Đăng nhập ứng dụng" trong Trung tâm người dùng và quét mã QR hiển thị bằng ứng dụng.',
      'Mã QR sẽ hết hiệu lực sau một thời gian ngắn. Nếu không quét được, hãy tải lại trang để hiển thị mã QR mới.',
      'Vui lòng luôn sử dụng phiên bản mới nhất của ứng dụng. Một số tính năng có thể không dùng được trên phiên bản cũ.',
    ),
  },
  support: {
    title: 'Chăm sóc khách hàng',
    body: paragraphs(
      'Bộ phận hỗ trợ khách hàng tiếp nhận yêu cầu của bạn 24 giờ mỗi ngày, tất cả các ngày trong năm.',
      'Khi liên hệ, vui lòng cho biết tên người dùng, nội dung cần hỗ trợ, mã đơn liên quan (đối với nạp và rút tiền) và thời điểm xảy ra. Nếu có ảnh chụp màn hình, chúng tôi có thể hỗ trợ bạn nhanh hơn.',
      'Nếu sau 10 phút tiền nạp vẫn chưa được cộng, vui lòng liên hệ kèm biên lai chuyển khoản hoặc mã giao dịch (transaction ID) của lệnh chuyển tiền. Sau khi kiểm tra, chúng tôi sẽ cộng vào số dư của bạn.',
      'Vì lý do bảo mật, nhân viên hỗ trợ sẽ không bao giờ hỏi mật khẩu, mật khẩu thanh toán hay mã xác minh bạn nhận qua email. Nếu có ai hỏi những thông tin này, tuyệt đối đừng cung cấp.',
      'Các câu hỏi phổ biến được tổng hợp tại trang "Câu hỏi thường gặp". Xem trước khi liên hệ có thể giúp bạn giải quyết vấn đề ngay lập tức.',
    ),
  },
  activity: {
    title: 'Sự kiện',
    body: paragraphs(
      'Sảnh trò chơi thường xuyên tổ chức các sự kiện theo mùa, giải đấu và chương trình thưởng.',
      'Các chương trình đang diễn ra có thể xem tại trang khuyến mãi. Bạn có thể tìm theo các mục "Có thời hạn", "Dài hạn" và "Đặc biệt", hoặc xem lại các chương trình đã kết thúc trong "Sự kiện đã qua".',
      'Trong giải đấu slot, người chơi tranh thứ hạng dựa trên số xu thắng được trong khoảng thời gian quy định. Những người dẫn đầu sẽ nhận giải thưởng là xu trò chơi.',
      'Để tham gia một số sự kiện, bạn có thể cần hoàn tất xác minh danh tính (KYC) và đăng ký thẻ ngân hàng. Vui lòng đọc kỹ điều kiện của từng sự kiện và Quy định ưu đãi.',
      'Sự kiện mới cũng sẽ được thông báo trong mục thông báo. Hãy kiểm tra thường xuyên để không bỏ lỡ.',
    ),
  },
  'deposit-guide': {
    title: 'Nạp và rút tiền',
    body: paragraphs(
      'Trước khi nạp hoặc rút tiền, vui lòng đăng ký thẻ ngân hàng đứng tên chính mình tại "Cài đặt thẻ ngân hàng" trong Trung tâm người dùng. Tên trên thẻ phải trùng với tên chủ tài khoản dùng để chuyển khoản.',
      'Chuyển khoản ngân hàng (yên): nhập số tiền trên màn hình "Nạp tiền" và chuyển khoản đến tài khoản nhận được hiển thị. Tỷ lệ quy đổi là 1 yên = 1 xu trò chơi. Tiền nạp thường được cộng tự động trong vòng 10 phút. Nếu sau 10 phút vẫn chưa được cộng, vui lòng liên hệ bộ phận hỗ trợ khách hàng.',
      'Tiền mã hóa: trên màn hình "Nạp tiền mã hóa", chọn loại tiền và mạng lưới để hiển thị địa chỉ nạp. Vui lòng chuyển bằng đúng mạng lưới đã chọn. Tài sản chuyển qua mạng lưới khác sẽ không được cộng và có thể bị mất.',
      'Rút tiền mã hóa chỉ thực hiện được trên cùng mạng lưới bạn đã dùng để nạp. Địa chỉ rút được kiểm tra trước khi chuyển, và số tiền rút phải tuân theo mức tối thiểu, mức tối đa và phí hiển thị trên màn hình.',
      'Rút tiền: trước khi rút, vui lòng hoàn tất xét duyệt xác minh danh tính (KYC). Yêu cầu rút tiền được xử lý sau khi xét duyệt, trạng thái hiển thị là "Đang rút tiền", "Đang xét duyệt rút tiền", "Rút tiền thành công" hoặc "Rút tiền thất bại". Nếu rút tiền thất bại, số tiền sẽ được hoàn về số dư.',
      'Lịch sử nạp và rút tiền có thể xem cùng mã đơn tại "Lịch sử giao dịch" trong Trung tâm người dùng.',
    ),
  },
  faq: {
    title: 'Câu hỏi thường gặp',
    body: paragraphs(
      'Q. Tỷ lệ quy đổi giữa xu trò chơi và yên là bao nhiêu? A. 1 yên = 1 xu trò chơi. Số tiền bạn nạp được cộng vào số dư dưới dạng xu trò chơi.',
      'Q. Tiền nạp chưa được cộng. A. Tiền nạp thường được cộng tự động trong vòng 10 phút. Nếu sau 10 phút vẫn chưa được cộng, vui lòng liên hệ bộ phận hỗ trợ khách hàng kèm biên lai chuyển khoản.',
      'Q. Màn hình hiện "Vui lòng đăng ký thẻ ngân hàng trước". A. Trước khi nạp hoặc rút tiền, bạn cần đăng ký thẻ ngân hàng đứng tên chính mình tại "Cài đặt thẻ ngân hàng" trong Trung tâm người dùng.',
      'Q. Cần những gì để rút tiền? A. Cần đăng ký thẻ ngân hàng và được duyệt xác minh danh tính (KYC). Vui lòng tải lên mặt trước, mặt sau giấy tờ tùy thân và ảnh bạn cầm giấy tờ đó.',
      'Q. Tôi quên mật khẩu. A. Tại màn hình đăng nhập, chọn "Quên mật khẩu?", nhập tên tài khoản và mã xác minh hình ảnh để đặt lại.',
      'Q. Số mạng lưới có thể chọn khi rút tiền mã hóa bị giới hạn. A. Rút tiền mã hóa chỉ thực hiện được trên cùng mạng lưới bạn đã dùng để nạp.',
      'Q. Tôi có dùng được tài khoản của hệ thống cũ (JSY) không? A. Tại trang "Chuyển tài khoản", bạn có thể chuyển tài khoản cũ cùng số dư sang tài khoản mới.',
      'Q. Làm thế nào để trở thành đại lý? A. Bạn có thể đăng ký tại Trung tâm đại lý. Sau khi được duyệt, bạn sẽ được cấp mã đại lý để giới thiệu người chơi.',
    ),
  },
  'game-guide': {
    title: 'Cách chơi',
    body: paragraphs(
      'Dành cho người mới: chỉ cần nhận mã xác minh qua địa chỉ email, rồi chọn tên người dùng và mật khẩu là đăng ký xong. Nếu được đại lý giới thiệu, hãy nhập mã đại lý khi đăng ký.',
      'Chuẩn bị xu: sau khi đăng ký thẻ ngân hàng, hãy mua xu trò chơi tại màn hình "Nạp tiền". 1 yên = 1 xu trò chơi, thường được cộng vào số dư trong vòng 10 phút.',
      'Slot: chọn mức cược rồi quay. Khi các biểu tượng trên cuộn quay thẳng hàng trên đường thắng đang kích hoạt, xu sẽ được trả theo bảng trả thưởng của từng máy. Bạn có thể xem bảng trả thưởng trên màn hình của mỗi máy.',
      'Pachinko: bắn bi ra, khi bi rơi vào lỗ trúng thưởng bạn sẽ nhận được xu. Một số lỗ trúng thưởng nhất định sẽ kích hoạt quay thưởng, nếu trúng thì vòng thưởng sẽ bắt đầu.',
      'Mỗi máy đều có số máy, và các dòng máy được ưa chuộng có thể còn ít máy trống. Hãy tìm máy bạn muốn chơi trong danh sách phổ biến nhất và mới nhất.',
      'Xem lịch sử: tại "Lịch sử trò chơi" trong Trung tâm người dùng, bạn có thể xem tên trò chơi, số máy, mức cược, tiền thắng, lãi lỗ của từng lượt và tổng cộng.',
      'Hãy cẩn thận đừng chơi quá đà. Đặt ra ngân sách và thời gian, và tận hưởng trò chơi một cách có trách nhiệm.',
    ),
  },
  'account-transfer': {
    title: 'Chuyển tài khoản',
    body: paragraphs(
      'Nếu bạn từng sử dụng hệ thống cũ (JSY), bạn có thể chuyển tài khoản cũ cùng số dư sang tài khoản tại sảnh trò chơi mới ngay trên trang này. Mỗi tài khoản cũ chỉ được chuyển một lần.',
      'Bước 1, xác nhận tài khoản: nhập tên tài khoản và mật khẩu bạn đã dùng trên hệ thống cũ. Khi tài khoản cũ được xác nhận, bạn sẽ chuyển sang bước tiếp theo.',
      'Bước 2, xác nhận thẻ ngân hàng: nhập thông tin thẻ ngân hàng đã đăng ký với tài khoản cũ. Chỉ khi thông tin trùng khớp với nội dung đã đăng ký, bạn mới có thể tiếp tục.',
      'Bước 3, xác minh email: chúng tôi sẽ gửi mã xác minh đến địa chỉ email đã đăng ký với tài khoản cũ. Nhập mã để xác nhận việc chuyển. Nếu không nhận được mã, bạn có thể yêu cầu gửi lại sau 60 giây.',
      'Khi hoàn tất, số dư của tài khoản cũ sẽ được cộng vào tài khoản mới dưới dạng xu trò chơi. Sau đó tài khoản cũ sẽ không thể sử dụng được nữa.',
      'Nếu bạn quên thông tin tài khoản cũ hoặc việc chuyển không thành công, vui lòng liên hệ bộ phận hỗ trợ khách hàng.',
    ),
  },
};
