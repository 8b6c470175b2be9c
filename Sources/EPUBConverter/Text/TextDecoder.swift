import EPUBContract
import EPUBOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Decodes a plain-text file: a byte-order mark first, then UTF-16 recognised by its NUL bytes, then
/// UTF-8 (a few invalid bytes tolerated), then Windows-1252 where lone bytes over ASCII say so, else
/// the best of GB18030, Big5 and Shift_JIS by invalid sequences and the share of common characters.
/// Legacy encodings go through glibc's iconv.
public enum TextDecoder {
    /// How much of the file the legacy-encoding contest reads (the winner then decodes all of it).
    static let sampleSize = 512 * 1024

    public static func decode(_ data: Data, forcing forced: TextEncoding? = nil) throws(ConversionError) -> DecodedText {
        // Read in place: a copy of a 20 MB novel is 20 MB of peak memory for nothing.
        let result: Result<DecodedText, ConversionError> = data.withUnsafeBytes { raw in
            do throws(ConversionError) { return .success(try decode(raw.bindMemory(to: UInt8.self), forcing: forced)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, forcing forced: TextEncoding?) throws(ConversionError) -> DecodedText {
        if let forced {
            let (text, invalid) = try convert(bytes, from: forced)
            return DecodedText(text: stripBOM(text), encoding: forced, confidence: .certain, invalidSequences: invalid, reason: .decodeGivenWithEncoding)
        }
        if let (encoding, length) = byteOrderMark(bytes) {
            let (text, invalid) = try convert(UnsafeBufferPointer(rebasing: bytes[length...]), from: encoding)
            return DecodedText(text: text, encoding: encoding, confidence: .certain, invalidSequences: invalid, reason: .decodeByteOrderMark)
        }
        if let encoding = utf16ByNULs(bytes) {
            let (text, invalid) = try convert(bytes, from: encoding)
            if invalid == 0 {
                return DecodedText(text: text, encoding: encoding, confidence: .high, invalidSequences: 0, reason: .decodeNULEveryOther)
            }
        }
        // Text in UTF-8 or a legacy CJK encoding never holds NUL bytes; CJK text in UTF-16 has few
        // (only around ASCII), so both byte orders are scored like the legacy encodings.
        if bytes.prefix(64 * 1024).contains(0), bytes.count % 2 == 0 {
            let sample = UnsafeBufferPointer(rebasing: bytes.prefix(sampleSize & ~1))
            var scores: [(encoding: TextEncoding, score: Double)] = []
            for candidate in [TextEncoding.utf16LE, .utf16BE] {
                guard let (text, invalid) = try? convert(sample, from: candidate) else { continue }
                scores.append((candidate, score(text, invalid: invalid)))
            }
            scores.sort { $0.score > $1.score }
            if let best = scores.first, best.score > 0.1 {
                let (text, invalid) = try convert(bytes, from: best.encoding)
                let margin = best.score - (scores.count > 1 ? scores[1].score : 0)
                return DecodedText(text: stripBOM(text), encoding: best.encoding, confidence: margin >= 0.1 ? .high : .medium, invalidSequences: invalid,
                                   reason: .decodeNULScores(scores.map { "\($0.encoding.displayName) \(String(format: "%.2f", $0.score))" }.joined(separator: ", ")))
            }
        }
        // NUL bytes in something that is not UTF-16: a binary file (an image, a program), not text.
        if bytes.prefix(64 * 1024).contains(0) {
            throw .notText(.phrase(.decodeNotTextNUL))
        }
        let utf8 = UTF8Check(bytes, stopEarly: true)
        // A pasted fragment in another encoding must not throw the whole file out of UTF-8.
        if utf8.invalid == 0 || (utf8.multibyte >= 10 && utf8.invalid * 20 <= utf8.multibyte) {
            let text = String(decoding: bytes, as: UTF8.self)
            let reason: MessageText = utf8.invalid == 0 ? .decodeValidUTF8 : .decodeUTF8Replaced(utf8.invalid)
            return DecodedText(text: text, encoding: .utf8, confidence: utf8.invalid == 0 ? .high : .medium, invalidSequences: utf8.invalid, reason: reason)
        }
        // The contest: decode a sample with each legacy encoding and score what comes out.
        var end = min(bytes.count, sampleSize)
        while end < bytes.count, end > 0, bytes[end - 1] >= 0x80 { end -= 1 }  // cut at an ASCII byte
        let sample = UnsafeBufferPointer(rebasing: bytes[..<max(end, min(bytes.count, sampleSize))])
        // Western European text one byte a character: no CJK contest (GB18030 reads any byte pair).
        if isSingleByteLatin(sample) {
            let (text, invalid) = try convert(bytes, from: .windows1252)
            return DecodedText(text: text, encoding: .windows1252, confidence: invalid == 0 ? .high : .medium, invalidSequences: invalid,
                               reason: .decodeSingleByteLatin)
        }
        var scores: [(encoding: TextEncoding, score: Double)] = []
        for candidate in [TextEncoding.gb18030, .big5, .shiftJIS] {
            guard let (text, invalid) = try? convert(sample, from: candidate) else { continue }
            scores.append((candidate, score(text, invalid: invalid)))
        }
        scores.sort { $0.score > $1.score }
        guard let best = scores.first else { throw .undecodable(.phrase(.decodeNoEncoding)) }
        let margin = best.score - (scores.count > 1 ? scores[1].score : 0)
        let confidence: DecodedText.Confidence = best.score >= 0.25 && margin >= 0.1 ? .high : best.score >= 0.1 && margin >= 0.03 ? .medium : .low
        let (text, invalid) = try convert(bytes, from: best.encoding)
        let table = scores.map { "\($0.encoding.displayName) \(String(format: "%.2f", $0.score))" }.joined(separator: ", ")
        return DecodedText(text: stripBOM(text), encoding: best.encoding, confidence: confidence, invalidSequences: invalid,
                           reason: .decodeNotUTF8Scores(table))
    }

    /// Text in a single-byte Western encoding (Windows-1252, ISO-8859-1): mostly ASCII, its other
    /// bytes standing alone between ASCII ones (`Mis\u{E9}rables`, a curly quote, a dash), where a
    /// CJK encoding gives two bytes or more to every character and runs of characters together.
    static func isSingleByteLatin(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var high = 0, runs = 0, singles = 0, run = 0
        for byte in b {
            if byte >= 0x80 { high += 1; run += 1; continue }
            if run > 0 { runs += 1; if run == 1 { singles += 1 }; run = 0 }
        }
        if run > 0 { runs += 1; if run == 1 { singles += 1 } }
        return runs >= 3 && singles * 10 >= runs * 7 && high * 5 <= b.count
    }

    private static func stripBOM(_ text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    static func byteOrderMark(_ b: UnsafeBufferPointer<UInt8>) -> (TextEncoding, Int)? {
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return (.utf32LE, 4) }
        if b.count >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return (.utf32BE, 4) }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return (.utf8, 3) }
        if b.count >= 2, b[0] == 0xFF, b[1] == 0xFE { return (.utf16LE, 2) }
        if b.count >= 2, b[0] == 0xFE, b[1] == 0xFF { return (.utf16BE, 2) }
        return nil
    }

    /// UTF-16 without a mark: ASCII characters and line ends leave NULs in one byte position of
    /// each pair and almost none in the other.
    static func utf16ByNULs(_ b: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
        let n = min(b.count, 64 * 1024) & ~1
        guard n >= 4 else { return nil }
        var even = 0, odd = 0
        for i in stride(from: 0, to: n, by: 2) {
            if b[i] == 0 { even += 1 }
            if b[i + 1] == 0 { odd += 1 }
        }
        let pairs = n / 2
        if odd * 10 >= pairs && even * 20 < odd { return .utf16LE }
        if even * 10 >= pairs && odd * 20 < even { return .utf16BE }
        return nil
    }

    /// Counts of valid multi-byte and invalid UTF-8 sequences (overlongs and surrogates are invalid).
    struct UTF8Check {
        var multibyte = 0
        var invalid = 0

        /// `stopEarly`: give up once the text plainly is not UTF-8 (the counts are then partial).
        init(_ b: UnsafeBufferPointer<UInt8>, stopEarly: Bool = false) {
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if c < 0x80 { i += 1; continue }
                var need = 0
                var low: UInt8 = 0x80, high: UInt8 = 0xBF
                switch c {
                case 0xC2...0xDF: need = 1
                case 0xE0: need = 2; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: need = 2
                case 0xED: need = 2; high = 0x9F
                case 0xF0: need = 3; low = 0x90
                case 0xF1...0xF3: need = 3
                case 0xF4: need = 3; high = 0x8F
                default: invalid += 1; i += 1; continue
                }
                var ok = i + need < n
                if ok {
                    for k in 1...need {
                        let t = b[i + k]
                        let (lo, hi): (UInt8, UInt8) = k == 1 ? (low, high) : (0x80, 0xBF)
                        if t < lo || t > hi { ok = false; break }
                    }
                }
                if ok { multibyte += 1; i += need + 1 } else { invalid += 1; i += 1 }
                // Far past the tolerance: this is not UTF-8, no need to read on.
                if stopEarly && invalid > 4096 && invalid > multibyte { return }
            }
        }
    }

    /// Share of characters that text in a CJK language is mostly made of (frequent hanzi in both
    /// scripts, kana, CJK punctuation), less a penalty for invalid sequences: the right decoder
    /// yields common characters, a wrong one rare ones and errors.
    static func score(_ text: String, invalid: Int) -> Double {
        var total = 0, common = 0
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            total += 1
            let v = scalar.value
            if (0x3041...0x30FF).contains(v) || commonCharacters.contains(scalar) { common += 1 }
        }
        guard total > 0 else { return 0 }
        return (Double(common) - 5 * Double(invalid)) / Double(total)
    }

    /// About 4,000 frequent hanzi (simplified and traditional forms), CJK punctuation and the ideographic space.
    static let commonCharacters: Set<Unicode.Scalar> = Set(("的一是不了人我在有他这這个個们們中来來上大为為和国國地到以说說时時要就出会會可也你对對生能而子那得于於着著下自之年过過发發后後作里裡用道行所然家种種事成方多经經么麼去法学學如都同现現当當没沒动動面起看定天分还還进進好小部其些主样樣理心她本前开開但因只从從想实實日军軍者意无無力它与與长長把机機十民第公此已工使情明性知全三又关關点點正业業外将將两兩高间間由问問很最重并物手应應战戰向头頭文体體政美相见見被利什二等产產或新己制身果加西月话話合回特代内信表化老给給世位次度门門任常先海通教儿兒原东東声聲提立及比员員解水名真论論处處走义義各入几幾口认認条條平系气氣题題活更别別打女变變四神总總何电電数數安少报報才结結反受目太量再感建务務做接必场場件计計管期市直资資命山金指克许許统統区區保至队隊形社便空决決治展马馬科司五基眼书書非则則听聽白却界达達光放强強即像难難且权權思王象完设設式色路记記南品住告类類求据據程北边邊死张張该該交规規万萬取拉格望觉覺术術领領共确確传傳师師观觀清今切院让讓识識候带帶导導争爭运運笑飞飛风風步改收根干造言联聯持组組每济濟车車亲親极極林服快办辦议議往元士证證近失转轉夫令准布始怎呢存未远遠叫台单單影具罗羅字爱愛击擊流备備兵连連调調深商算质質团團集百需价價花党黨华華城石级級整府离離况況亚亞请請技际際约約示复復病息究线線似官火断斷精满滿支视視消越器容照须須九增研写寫称稱企八功吗嗎包片史委乎查轻輕易早曾除农農找装裝广廣显顯吧阿李标標谈談吃图圖念六引历歷首医醫局突专專费費号號尽盡另周较較注语語仅僅考落青随隨选選列武红紅响響虽雖推势勢参參希古众眾构構房半节節土投某案黑维維革划劃敌敵致陈陳律足态態护護七兴興派孩验驗责責营營星够夠章音跟志底站严嚴巴例防族供效续續施留讲講型料终終答紧緊黄黃绝絕奇察母京段依批群项項故按河米围圍江织織害斗鬥双雙境客纪紀采採举舉杀殺攻父苏蘇密低朝友诉訴止细細愿願千值仍男钱錢破网網热熱助倒育属屬坐帝限船脸臉职職速刻乐樂否刚剛威毛状狀率甚独獨球般普怕弹彈校苦创創假久错錯承印晚兰蘭试試股拿脑腦预預谁誰益阳陽若哪微尼继繼送急血惊驚伤傷素药藥适適波夜省初喜卫衛源食险險待述陆陸习習置居劳勞财財环環排福纳納欢歡雷警获獲模充负負云雲停木游龙龍树樹疑层層冷洲冲衝射略范範竟句室异異激汉漢村哈策演简簡卡罪判担擔州静靜退既衣您宗积積余餘痛检檢差富灵靈协協角占配征修皮挥揮胜勝降阶階审審沉坚堅善妈媽刘劉读讀啊超免压壓银銀买買皇养養伊怀懷执執副乱亂抗犯追帮幫宣佛岁歲航优優怪香著田铁鐵控税稅左右份穿艺藝背阵陣草脚腳概恶惡块塊顿頓敢守酒岛島托央户戶烈洋哥索胡款靠评評版宝寶座释釋景顾顧弟登货貨互付伯慢欧歐换換闻聞危忙核暗姐介坏壞讨討丽麗良序升监監临臨亮露永呼味野架域沙掉括舰艦鱼魚杂雜误誤湾灣吉减減编編楚肯测測败敗屋跑梦夢散温溫困剑劍渐漸封救贵貴枪槍缺楼樓县縣尚毫移娘朋画畫班智亦耳恩短掌恐遗遺固席松秘谢謝鲁魯遇康虑慮幸均销銷钟鐘诗詩藏赶趕剧劇票损損忽巨炮旧舊端探湖录錄叶葉春乡鄉附吸予礼禮港雨呀板庭妇婦归歸睛饭飯额額含顺順输輸摇搖招婚脱脫补補谓謂督毒油疗療旅泽澤材灭滅逐莫笔筆亡鲜鮮词詞圣聖择擇寻尋厂廠睡博勒烟煙授诺諾伦倫岸奥奧唐卖賣俄炸载載洛健堂旁宫宮喝借君禁阴陰园園谋謀宋避抓荣榮姑孙孫逃牙束跳顶頂玉镇鎮雪午练練迫爷爺篇肉嘴馆館遍凡础礎洞卷坦牛宁寧纸紙诸諸训訓私庄莊祖丝絲翻暴森塔默握戏戲隐隱熟骨访訪弱蒙歌店鬼软軟典欲萨薩伙遭盘盤爸扩擴盖蓋弄雄稳穩忘亿億刺拥擁徒姆杨楊齐齊赛賽趣曲刀床迎冰虚虛玩析窗醒妻透购購替塞努休虎扬揚途侵刑绿綠兄迅套贸貿毕畢唯谷轮輪库庫迹跡尤竞競街促延震弃棄甲伟偉麻川申缓緩潜潛闪閃售灯燈针針哲络絡抵朱埃抱鼓植纯純夏忍页頁杰筑築折郑鄭贝貝尊吴吳秀混臣雅振染盛怒舞圆圓搞狂措姓残殘秋培迷诚誠宽寬宇猛摆擺梅毁毀伸摩盟末乃悲拍丁赵趙硬麦麥蒋蔣操耶阻订訂彩抽赞贊魔纷紛沿喊违違妹浪汇匯币幣丰豐蓝藍殊献獻桌啦瓦莱萊援译譯夺奪汽烧燒距裁偏符勇触觸课課敬哭懂墙牆袭襲召罚罰侠俠厅廳拜巧侧側韩韓冒债債曼融惯慣享戴童犹猶乘挂掛奖獎绍紹厚纵縱障讯訊涉彻徹刊丈爆乌烏役描洗玛瑪患妙镜鏡唱烦煩签簽仙彼弗症仿倾傾牌陷鸟鳥轰轟咱菜闭閉奋奮庆慶撤泪淚茶疾缘緣播朗杜奶季丹狗尾仪儀偷奔珠虫蟲驻駐孔宜艾桥橋淡翼恨繁寒伴叹嘆旦愈潮粮糧缩縮罢罷聚径徑恰挑袋灰捕徐珍幕映裂泰隔启啟尖忠累炎暂暫估泛荒偿償横橫拒瑞忆憶孤鼻闹鬧羊呆厉厲衡胞零穷窮舍码碼赫婆魂灾災洪腿胆膽津俗辩辯胸晓曉劲勁贫貧仁偶辑輯邦恢赖賴圈摸仰润潤堆碰艇稍迟遲辆輛废廢净淨凶署壁御奉旋冬矿礦抬蛋晨伏吹鸡雞倍糊秦盾杯租骑騎乏隆诊診奴摄攝丧喪污渡旗甘耐凭憑扎抢搶绪緒粗肩梁幻菲皆碎宙叔岩荡蕩综綜爬荷悉蒂返井壮壯薄悄扫掃敏碍礙殖详詳迪矛霍允幅撒剩凯凱颗顆骂罵赏賞液番箱贴貼漫酸郎腰舒眉忧憂浮辛恋戀餐吓嚇挺励勵辞辭艘键鍵伍峰尺昨黎辈輩贯貫侦偵滑券崇扰擾宪憲绕繞趋趨慈乔喬阅閱汗枝拖墨胁脅插箭腊臘粉泥氏彭拔骗騙凤鳳慧媒佩愤憤扑撲龄齡驱驅惜豪掩兼跃躍尸屍肃肅帕驶駛堡届屆欣惠册冊储儲飘飄桑闲閒惨慘洁潔踪蹤勃宾賓频頻仇磨递遞邪撞拟擬滚滾奏巡颜顏剂劑绩績贡貢疯瘋坡瞧截燃焦殿伪偽柳锁鎖逼颇頗昏劝勸呈搜勤戒驾駕漂饮飲曹朵仔柔俩倆孟腐幼践踐籍牧凉涼牲佳娜浓濃芳稿竹腹跌逻邏垂遵脉脈貌柏狱獄猜怜憐惑陶兽獸帐帳饰飾贷貸昌叙敘躺钢鋼沟溝寄扶铺鋪邓鄧寿壽惧懼询詢汤湯盗盜肥尝嘗匆辉輝奈扣廷澳嘛董迁遷凝慰厌厭脏髒腾騰幽怨鞋丢丟埋泉涌辖轄躲晋晉紫艰艱魏吾慌祝邮郵吐狠鉴鑑曰械咬邻鄰赤挤擠弯彎椅陪割揭韦韋悟聪聰雾霧锋鋒梯猫貓祥阔闊誉譽筹籌丛叢牵牽鸣鳴沈阁閣穆屈旨袖猎獵臂蛇贺賀柱抛拋鼠瑟戈牢逊遜迈邁欺吨噸琴衰瓶恼惱燕仲诱誘狼池疼卢盧仗冠粒遥遙吕呂玄尘塵冯馮抚撫浅淺敦纠糾钻鑽晶岂豈峡峽苍蒼喷噴耗凌敲菌赔賠涂塗粹扁亏虧寂煤熊恭湿濕循暖糖赋賦抑秩帽哀宿踏烂爛袁侯抖夹夾昆肝擦猪豬炼煉恒恆慎搬纽紐纹紋玻渔漁磁铜銅齿齒跨押怖漠疲叛遣兹茲祭醉拳弥彌斜档檔稀捷肤膚疫肿腫豆削岗崗晃吞宏癌肚隶隸履涨漲耀扭坛壇拨撥沃绘繪伐堪仆郭牺犧歼殲墓雇廉契拼惩懲捉覆刷劫嫌瓜歇雕闷悶乳串娃缴繳唤喚赢贏莲蓮霸桃妥瘦搭赴岳嘉舱艙俊址庞龐耕锐銳缝縫悔邀玲惟斥宅添挖呵讼訟氧浩羽斤酷掠妖祸禍侍乙妨贪貪挣掙汪尿莉悬懸唇翰仓倉轨軌枚盐鹽览覽傅帅帥庙廟芬屏寺胖璃愚滴疏萧蕭姿颤顫丑醜劣柯寸扔盯辱匹俱辨饿餓蜂哦腔郁鬱溃潰谨謹糟葛苗肠腸忌溜鸿鴻爵鹏鵬鹰鷹笼籠丘桂滋聊挡擋纲綱肌茨壳殼痕碗穴膀卓贤賢卧臥膜毅锦錦欠哩函茫昂薛皱皺夸誇豫胃舌剥剝傲拾窝窩睁睜携攜陵哼棉晴铃鈴填饲飼渴吻扮逆脆喘罩卜炉爐柴愉绳繩胎蓄眠竭喂傻慕浑渾奸扇柜櫃悦悅拦攔诞誕饱飽乾泡贼賊亭夕爹酬儒姻卵氛泄杆挨僧蜜吟遂狭狹肖甜霞驳駁裕顽頑於摘矮秒卿畜咽披辅輔勾盆疆赌賭塑畏吵囊嗯泊肺骤驟缠纏冈岡羞瞪吊贾賈漏斑涛濤悠鹿俘锡錫卑葬铭銘滩灘嫁催翅盒蛮蠻矣潘歧赐賜锅鍋廊拆灌勉盲宰佐啥胀脹扯禧辽遼抹筒棋裤褲唉朴咐孕誓喉妄拘链鏈驰馳栏欄逝窃竊艳豔臭纤纖棵趁匠盈翁愁瞬婴嬰孝颈頸倘浙谅諒蔽畅暢赠贈妮莎尉冻凍跪闯闖葡厨廚鸭鴨颠顛遮谊誼吁仑侖辟瘤嫂陀框谭譚亨钦欽庸歉芝吼甫衫摊攤宴嘱囑衷娇嬌陕陝矩浦讶訝耸聳裸碧摧薪淋耻恥胶膠屠鹅鵝饥飢盼脖虹翠崩账賬萍逢赚賺撑撐翔倡绵綿猴枯巫昭怔渊淵凑湊溪蠢禅禪阐闡旺寓藤匪伞傘碑挪琼瓊脂谎謊慨菩萄狮獅掘抄岭嶺晕暈逮砍掏狄晰罕挽脾舟痴蔡剪脊弓懒懶叉拐喃僚捐姊骚騷拓歪粘柄坑陌窄湘兆崖骄驕刹剎鞭芒筋聘钩鉤棍嚷腺弦焰耍俯厘愣厦廈恳懇饶饒钉釘寡憾摔叠疊惹喻谱譜愧煌徽溶坠墜煞巾滥濫洒灑堵瓷咒姨棒郡浴媚稣穌淮哎屁漆淫巢吩撰啸嘯滞滯玫硕碩钓釣蝶膝姚茂躯軀吏猿寨恕渠戚辰舶颁頒惶狐讽諷笨袍嘲啡泼潑衔銜倦涵雀旬僵撕肢垄壟夷逸茅侨僑舆輿窑窯涅蒲谦謙杭噢弊勋勳刮郊凄捧浸砖磚鼎篮籃蒸饼餅亩畝肾腎陡爪兔殷贞貞荐薦哑啞炭坟墳眨搏咳拢攏舅昧擅爽咖搁擱禄祿雌哨巩鞏绢絹螺裹昔轩軒谬謬谍諜龟龜媳姜瞎冤鸦鴉蓬巷琳栽沾诈詐斋齋瞒瞞彪厄咨纺紡罐桶壤糕颂頌膨谐諧垒壘咕隙辣绑綁宠寵嘿兑兌霉挫稽辐輻乞纱紗裙嘻哇绣繡杖塘衍轴軸攀膊譬斌祈踢肆坎轿轎棚泣屡屢躁邱凰溢椎砸趟帘簾帆栖棲窜竄丸斩斬堤塌贩販厢廂掀喀乖谜謎捏阎閻滨濱虏虜匙芦蘆苹蘋卸沼钥鑰株祷禱剖熙哗嘩劈怯棠胳桩樁瑰娱娛娶沫嗓蹲焚淘嫩韵韻衬襯匈钧鈞竖豎峻豹捞撈菊鄙魄兜哄颖穎镑鎊屑蚁蟻壶壺怡渗滲秃禿迦旱哟喲咸焉谴譴宛稻铸鑄锻鍛伽詹毙斃恍贬貶烛燭骇駭芯汁桓坊驴驢朽靖佣傭汝碌迄冀荆荊崔雁绅紳珊榜诵誦傍彦彥醇笛禽勿娟瞄幢寇睹贿賄踩霆呜嗚拱妃蔑谕諭缚縛诡詭篷淹腕煮倩卒勘馨逗甸贱賤炒灿燦敞蜡蠟囚栗辜垫墊妒魁谣謠寞蜀甩涯枕丐泳奎泌逾叮黛燥掷擲藉枢樞憎鲸鯨弘倚侮藩拂鹤鶴蚀蝕浆漿芙垃烤晒曬霜剿蕴蘊圾绸綢屿嶼氢氫驼駝妆妝捆铅鉛逛淑榴丙痒癢钞鈔蹄犬躬昼晝藻蛛褐颊頰奠募耽蹈陋侣侶魅岚嵐侄姪虐堕墮陛莹瑩荫蔭狡阀閥绞絞膏垮茎莖缅緬喇绒絨搅攪凳梭丫姬诏詔钮鈕棺耿缔締懈嫉灶竈匀勻嗣鸽鴿澡凿鑿纬緯沸畴疇刃遏烁爍嗅叭熬瞥骸奢拙栋棟毡氈桐砂莽泻瀉坪梳杉晤稚蔬蝇蠅捣搗顷頃麽尴尷镖鏢诧詫尬硫嚼羡羨沦淪沪滬旷曠彬芽狸冥碳咧惕暑咯萝蘿汹洶腥窥窺俺潭崎麟捡撿拯厥澄萎哉涡渦滔暇溯鳞鱗酿釀茵愕瞅暮衙诫誡斧兮焕煥棕佑嘶妓喧蓉删刪樱櫻伺嗡娥梢坝壩蚕蠶敷澜瀾杏绥綏冶庇挠撓搂摟倏聂聶婉噪稼鳍鰭菱盏盞匿吱寝寢揽攬髓秉哺矢啪帜幟邵嗽挟挾缸揉腻膩驯馴缆纜晌瘫癱贮貯觅覓朦僻隋蔓咋嵌虔畔琐瑣碟涩澀胧朧嘟蹦冢浏瀏裔襟叨诀訣旭虾蝦簿啤擒枣棗嘎苑牟呕嘔骆駱凸熄兀喔裳凹赎贖屯膛浇澆灼裘砰棘橡碱聋聾姥瑜毋娅婭沮萌俏黯撇粟粪糞尹苟癫癲蚂螞禹廖俭儉帖煎缕縷窦竇簇棱叩呐瑶瑤墅莺鶯烫燙蛙歹伶葱蔥哮眩坤廓讳諱啼乍瓣矫矯跋枉梗厕廁琢讥譏釉窟敛斂轼軾庐廬胚呻绰綽扼懿炯竿慷虞锤錘栓桨槳蚊磅孽惭慚戳禀稟鄂馈饋垣溅濺咚钙鈣礁彰豁眯磷雯墟迂瞻颅顱琉悼蝴拣揀渺眷悯憫汰慑懾婶嬸斐嘘噓镶鑲炕宦趴绷繃窘襄珀嚣囂拚酌浊濁毓撼嗜扛峭磕翘翹槽淌栅柵颓頹熏瑛颐頤忖，。！？：；“”‘’、《》「」『』…—（）　").unicodeScalars)

    /// Decodes with iconv straight into the string's storage; each invalid or truncated sequence
    /// becomes U+FFFD and is counted.
    static func convert(_ input: UnsafeBufferPointer<UInt8>, from encoding: TextEncoding) throws(ConversionError) -> (String, Int) {
        guard let base = input.baseAddress, !input.isEmpty else { return ("", 0) }
        if encoding == .utf8 {
            return (String(decoding: input, as: UTF8.self), UTF8Check(input).invalid)
        }
        let cd = iconv_open("UTF-8", encoding.rawValue)
        if cd == iconv_t(bitPattern: -1) { throw .undecodable(.phrase(.decodeIconvCannotRead(encoding.displayName))) }
        defer { iconv_close(cd) }
        enum Outcome { case done, tooSmall, failed(Int32) }
        // Every encoding here grows at most by half into UTF-8, but for replacement characters and
        // half-width kana: start there, and double when iconv runs out of room.
        var capacity = input.count + input.count / 2 + 64
        while true {
            _ = iconv(cd, nil, nil, nil, nil)
            var outcome = Outcome.done
            var invalid = 0
            let text = String(unsafeUninitializedCapacity: capacity) { out -> Int in
                guard let outBase = out.baseAddress else { outcome = .tooSmall; return 0 }
                var produced = 0
                var consumed = 0
                while consumed < input.count {
                    var inLeft = input.count - consumed
                    var outLeft = out.count - produced
                    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base + consumed).assumingMemoryBound(to: CChar.self)
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBase + produced).assumingMemoryBound(to: CChar.self)
                    let result = iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
                    let error = errno
                    consumed = input.count - inLeft
                    produced = out.count - outLeft
                    if result != -1 { break }
                    switch error {
                    case E2BIG:
                        outcome = .tooSmall
                        return 0
                    case EILSEQ, EINVAL:
                        // Skip one byte, write U+FFFD, go on: one bad sequence must not lose the rest.
                        guard out.count - produced >= 3 else { outcome = .tooSmall; return 0 }
                        invalid += 1
                        consumed += 1
                        out[produced] = 0xEF; out[produced + 1] = 0xBF; out[produced + 2] = 0xBD
                        produced += 3
                    default:
                        outcome = .failed(error)
                        return 0
                    }
                }
                return produced
            }
            switch outcome {
            case .done: return (text, invalid)
            case .tooSmall: capacity *= 2
            case .failed(let error): throw .undecodable(.phrase(.decodeIconvFailed(encoding.displayName, Int(error))))
            }
        }
    }
}
