@testable import EPUBConverter
import Testing

/// Plays as Project Gutenberg's 1998 transcriptions set them (the `shakespeare` package's
/// `macbeth_gut.txt`, `troilus_and_cressida_gut.txt`, `antony_and_cleopatra_gut.txt`): acts over
/// scenes, each speech under its speaker's name. Each rule with three instances of its own and
/// the case it must leave alone.
struct PlayLayoutTests {
    static let front = "THE TRAGEDY OF TESTS\n\nby Some One\n\n\n\n\nPersons Represented\n\nDUNCAN, King of Scotland.\nMALCOLM, his Son.\n\n\n\n"

    /// A speech: the speaker's name over the lines spoken, a blank line after.
    static func speech(_ speaker: String, blanks: Int = 1) -> String {
        String(repeating: "\n", count: blanks) + "\(speaker)\nWhen shall we three meet again in thunder, lightning, or in rain?\n"
            + "When the hurlyburly's done, when the battle's lost and won.\n"
    }

    /// A scene: its heading, a stage direction, then speeches; `paged` speeches stand two blank
    /// lines below the one before, where a page of the printed book ended.
    static func scene(_ heading: String, speakers: [String], paged: Set<Int> = []) -> String {
        "\n\n\(heading)\n\n[Enter three Witches.]\n" + speakers.enumerated().map { speech($1, blanks: paged.contains($0) ? 2 : 1) }.joined() + "\n"
    }

    static let speakers = ["PRINCE.", "FAL.", "POINTZ.", "PRINCE.", "FAL.", "POINTZ.", "PRINCE.", "FAL."]

    /// A speaker's name the text sets again and again over a speech is no heading, even where two
    /// blank lines stand above it (a page's end in the printed book): `PRINCE.`, `FAL.`, `POINTZ.`.
    @Test func speakersOverTheirSpeechesAreNoHeadings() throws {
        var play = Self.front
        for (act, roman) in ["I", "II"].enumerated() {
            play += "\n\nACT \(roman).\n"
            for (k, scene) in ["I", "II", "III"].enumerated() {
                play += Self.scene("SCENE \(scene). A Room in the Palace.", speakers: Self.speakers, paged: [(act + k) % 8, 5])
            }
        }
        let outline = try TextBookParser.outline(play)
        #expect(outline.filter { !$0.hasPrefix("1 ACT") && !$0.hasPrefix("2 SCENE") && $0 != "1 Persons Represented" }.isEmpty, "\(outline)")
        #expect(outline.count == 9, "\(outline)")
        // A title set apart each time it comes (`EPUB2` under each part) is a heading each time.
        let parts = "A BOOK\n\nby Some One\n\n\n\n\n" + ["ONE", "TWO", "THREE"].map { part in
            "PART \(part)\n\n\n\nEPUB2\n\nSome text that goes on for a while here, and then some more of it. And it goes on.\n\n"
                + "More text that goes on for a while here, and then some more of it. And it goes on.\n\n\n\n"
        }.joined()
        #expect(try TextBookParser.outline(parts).filter { $0.hasSuffix("EPUB2") }.count == 3)
    }

    /// A label whose setting the text runs on into over a short block (`SCENE II. The same. A public
    /// way, or platform leading to the` / `lists.  A pavilion …` / `King, Princess, Lords, etc.`)
    /// reads line by line as prose; it is the heading where its number is the one missing between
    /// its form's headings around it (a scene in the middle, an act's last and the next act's
    /// first, a novel's chapter), and prose where its number is taken or comes again below it.
    @Test func aLabelRunOnOverAShortBlockFillsItsSequencesGap() throws {
        var play = Self.front + "\n\nACT I.\n" + Self.scene("SCENE I. Tyre. A room in the palace.", speakers: Self.speakers)
        play += Self.scene("SCENE II. The same. A public way, or platform leading to the\nlists.  A pavilion by the side of it for the reception of the\nKing, Princess, Lords, etc.", speakers: Self.speakers)
        play += Self.scene("SCENE III. Tarsus. A room in the Governor's house.", speakers: Self.speakers)
        play += Self.scene("SCENE IV. Before the palace. Trumpets; a long procession of\nknights, each with his page.", speakers: Self.speakers)
        play += "\n\nACT II.\n" + Self.scene("SCENE I. On board the ship, off Mytilene. A close pavilion\non deck, with a curtain before it.", speakers: Self.speakers)
        play += Self.scene("SCENE II. Ephesus. A room in Cerimon's house.", speakers: Self.speakers)
        // Taken (scene I again) or told of ahead of it (scene III before scene III): a stage direction's prose.
        play += "\n\nSCENE I. As the Prompter's Book has it, was played before\nthe curtain in the old house.\n\n" + Self.speech("PRINCE.")
        play += "\n\nSCENE III. Shall Show the King Come Back, as the\nbook says.\n\n" + Self.speech("PRINCE.")
        play += Self.scene("SCENE III. Pentapolis. A room in the palace.", speakers: Self.speakers)
        play += Self.scene("SCENE IV. The temple of Diana at Ephesus; Thaisa standing near\nthe altar, as high priestess.", speakers: Self.speakers)
        // After the last scene, a note naming it again is no scene.
        play += "\n\nSCENE IV. Was Added by the Second Folio, as the\neditors agree.\n\n" + Self.speech("PRINCE.")
        let outline = try TextBookParser.outline(play)
        #expect(outline.filter { $0.hasPrefix("2 ") } == [
            "2 SCENE I. Tyre. A room in the palace.",
            "2 SCENE II. The same. A public way, or platform leading to the lists. A pavilion by the side of it for the reception of the King, Princess, Lords, etc.",
            "2 SCENE III. Tarsus. A room in the Governor's house.",
            "2 SCENE IV. Before the palace. Trumpets; a long procession of knights, each with his page.",
            "2 SCENE I. On board the ship, off Mytilene. A close pavilion on deck, with a curtain before it.",
            "2 SCENE II. Ephesus. A room in Cerimon's house.", "2 SCENE III. Pentapolis. A room in the palace.",
            "2 SCENE IV. The temple of Diana at Ephesus; Thaisa standing near the altar, as high priestess.",
        ], "\(outline)")
        // A novel's chapter: `CHAPTER III.` between II and IV; `CHAPTER II.` again, later, is prose.
        let prose = "It was a long evening, and the lamps burned low while the rain came down on the roofs of the town,\nand nobody in the house said a word of what had happened on the road that afternoon.\n\n"
        var novel = "A NOVEL\n\nby Some One\n\n\n\n"
        for (k, heading) in ["CHAPTER I. The Road", "CHAPTER II. The House", "CHAPTER III. In Which the Reader Is Brought to a House where the\nmaster is away.", "CHAPTER IV. The Return"].enumerated() {
            novel += "\n\n\(heading)\n\n" + String(repeating: prose, count: 6)
            if k == 3 { novel += "CHAPTER II. of this history\ntold of the house.\n\n" + String(repeating: prose, count: 2) }
        }
        #expect(try TextBookParser.outline(novel) == ["1 CHAPTER I. The Road", "1 CHAPTER II. The House",
                                                       "1 CHAPTER III. In Which the Reader Is Brought to a House where the master is away.", "1 CHAPTER IV. The Return"])
    }

    /// A label word alone under every division's label (`ACT II.` over `PROLOGUE.`, as Henry V
    /// sets its Chorus before each act; `PART ONE` over `INTRODUCTION`) is a part opening each,
    /// one level down, not their title; once (`BOOK 1.` over `Introduction`) it is the title. An
    /// epilogue after the last act is the play's, whatever follows its label, and a line in square
    /// brackets under it (`[Enter Chorus.]`) is the stage's, no title.
    @Test func aPartOpeningEveryDivisionAndAClosingEpilogue() throws {
        var play = Self.front + "\n\nPROLOGUE.\n\n[Enter CHORUS.]\n" + Self.speech("CHORUS.")
        for act in ["I", "II", "III"] {
            play += "\n\n\nACT \(act).\n\nPROLOGUE.\n\n[Flourish. Enter Chorus.]\n" + Self.speech("CHORUS.") + Self.speech("CHORUS.")
            play += Self.scene("SCENE I. London. A street.", speakers: Self.speakers) + Self.scene("SCENE II. The same.", speakers: Self.speakers)
        }
        play += "\n\n\nEPILOGUE.\n\n[Enter Chorus.]\n" + Self.speech("CHORUS.")
        let acts = ["I", "II", "III"].flatMap { ["1 ACT \($0).", "2 PROLOGUE.", "2 SCENE I. London. A street.", "2 SCENE II. The same."] }
        #expect(try TextBookParser.outline(play) == ["1 Persons Represented", "1 PROLOGUE."] + acts + ["1 EPILOGUE."])
        let prose = "It was a long evening, and the lamps burned low while the rain came down on the roofs of the town,\nand nobody in the house said a word of what had happened on the road that afternoon.\n\n"
        func book(_ opening: [String]) -> String {
            "A NOVEL\n\nby Some One\n\n\n\n" + zip(["ONE", "TWO", "THREE"], opening).map { part, title in
                "\n\n\nPART \(part)\n\n\(title)\n\n" + String(repeating: prose, count: 4) + "\n\n\nCHAPTER I.\n\n" + String(repeating: prose, count: 4)
            }.joined() + "\n\n\nAFTERWORD. Written in 1920.\n\n" + String(repeating: prose, count: 2)
        }
        #expect(try TextBookParser.outline(book(["INTRODUCTION", "INTRODUCTION", "INTRODUCTION"])).filter { !$0.hasPrefix("2 CHAPTER") } == [
            "1 PART ONE", "2 INTRODUCTION", "1 PART TWO", "2 INTRODUCTION", "1 PART THREE", "2 INTRODUCTION", "1 AFTERWORD. Written in 1920."])
        #expect(try TextBookParser.outline(book(["INTRODUCTION", "INTRODUCTION", "PREFACE"])).filter { !$0.hasPrefix("2 CHAPTER") } == [
            "1 PART ONE", "2 INTRODUCTION", "1 PART TWO", "2 INTRODUCTION", "1 PART THREE PREFACE", "1 AFTERWORD. Written in 1920."])
        #expect(try TextBookParser.outline(book(["INTRODUCTION", "The City", "The Sea"])).filter { !$0.hasPrefix("2 CHAPTER") } == [
            "1 PART ONE INTRODUCTION", "1 PART TWO The City", "1 PART THREE The Sea", "1 AFTERWORD. Written in 1920."])
    }

    /// An act's label printed again over each of its scenes (`ACT I.` / `SCENE 1.`, then `ACT I.` /
    /// `SCENE 2.`) is one act going on; the next number is the next act.
    @Test func anActsLabelAgainOverEachSceneIsOneAct() throws {
        var play = Self.front
        for act in ["I", "II", "III"] {
            // As the transcription sets them: three blank lines above the act's label, one below it.
            for scene in 1...3 {
                play += "\n\n\nACT \(act).\n\nSCENE \(scene). Troy. A street\n\n[Enter CRESSIDA.]\n" + Self.speech("TROILUS.") + Self.speech("PANDARUS.")
            }
        }
        let outline = try TextBookParser.outline(play)
        #expect(outline.filter { $0.hasPrefix("1 ACT") } == ["1 ACT I.", "1 ACT II.", "1 ACT III."], "\(outline)")
        #expect(outline.filter { $0.hasPrefix("2 SCENE") }.count == 9, "\(outline)")
    }

    /// An act's label over its first scene's on one line (`ACT IV. SCENE I. CAESAR'S Camp`): the
    /// scenes after it go on from that one, so `SCENE II.` is a heading even where its title
    /// reads as no title alone (`SCENE V. ANTONY'S camp near Alexandria.`).
    @Test func anActOverItsFirstSceneOnOneLine() throws {
        var play = Self.front + "\n\nACT I.\n" + ["I", "II", "III"].map { Self.scene("SCENE \($0). Rome. A Room in the Palace.", speakers: ["CAESAR."]) }.joined()
        play += "\n\n\nACT II. SCENE I. CAESAR'S Camp at Alexandria.\n\n[Enter CAESAR.]\n" + Self.speech("CAESAR.")
        for (scene, place) in [("II", "ANTONY'S camp near Alexandria."), ("III", "Field of battle between the camps."), ("IV", "CAESAR'S camp.")] {
            play += Self.scene("SCENE \(scene). \(place)", speakers: ["CAESAR.", "ANTONY."])
        }
        let outline = try TextBookParser.outline(play)
        #expect(outline.suffix(4) == ["1 ACT II. SCENE I. CAESAR'S Camp at Alexandria.", "2 SCENE II. ANTONY'S camp near Alexandria.",
                                      "2 SCENE III. Field of battle between the camps.", "2 SCENE IV. CAESAR'S camp."], "\(outline)")
    }

    /// The First Folio's Latin labels (`Actus Primus. Scoena Prima.`, `Scena Secunda.`, `Scaena
    /// Tertia.`, `Actus Secundus.`): acts over scenes, numbered by Latin ordinals in any gender
    /// and with the old u for v (`Octaua`), each spelling of `scena` one sequence. The play ends
    /// with `FINIS.` and its name, no section; its title, standing alone, may hold a comma.
    @Test func theFirstFoliosLatinLabels() throws {
        var play = "Twelfe Night, Or what you will\n\n"
        // The spellings as As you Like it mixes them.
        let acts = [("primus", ["Scoena Prima.", "Scoena Secunda.", "Scaena Tertius."]),
                    ("Secundus", ["Scoena Prima.", "Scena Secunda.", "Scena Tertia.", "Scena Quarta.", "Scena Quinta.", "Scena Sexta.", "Scena Septima."]),
                    ("Tertius", ["Scena Prima.", "Scena Secunda.", "Scoena Tertia.", "Scoena Quarta."])]
        for (act, scenes) in acts {
            for (k, scene) in scenes.enumerated() {
                // The stage direction right below a scene's label, as the Folio's transcription often sets it.
                play += (k == 0 ? "Actus \(act). \(scene)" : scene) + (k % 2 == 1 ? "\n" : "\n\n") + "Enter Orsino Duke of Illyria, Curio, and other Lords.\n\n"
                play += "  Duke. If Musicke be the food of Loue, play on,\nGiue me excesse of it: that surfetting,\n\n"
                play += "  Cur. Will you go hunt my Lord?\n  Du. What Curio?\n\nExeunt.\n\n\n"
            }
        }
        play += "FINIS. Twelfe Night, Or what you will.\n"
        let book = try TextBookParser.parse(play)
        #expect(book.title == "Twelfe Night, Or what you will")
        let expected = acts.flatMap { act, scenes in ["1 Actus \(act). \(scenes[0])"] + scenes.dropFirst().map { "2 \($0)" } }
        let outline = book.sections.filter { $0.kind != .frontMatter }
        #expect(outline.count == expected.count, "\(outline.map(\.title))")
        for (section, label) in zip(outline, expected) { #expect(label.hasPrefix("\(section.level) ") && section.title.hasPrefix(label.dropFirst(2))) }
        // Each spelling numbers one sequence: `Scoena Quarta.` goes on from `Scena Tertia.`.
        let spellings = ["Scena Tertia.", "Scoena Quarta.", "Scaena Quinta."].compactMap { HeadingMatcher.match(Substring($0)) }
        #expect(spellings.count == 3 && Set(spellings.map(TextBookParser.formKey)) == ["scena"] && spellings.map(\.number) == [3, 4, 5])
        #expect(HeadingMatcher.latinOrdinal("Octaua") == 8 && HeadingMatcher.latinOrdinal("prima") == 1 && HeadingMatcher.latinOrdinal("Tertium") == 3)
        #expect(HeadingMatcher.latinOrdinal("Prime") == nil && HeadingMatcher.latinOrdinal("Nonsense") == nil && HeadingMatcher.latinOrdinal("Decimals") == nil)
        // `FINIS` alone or before the work's name ends the book; a word that starts with it does not.
        #expect(IsolatedTitles.isEndMark("finis. the tragedie of macbeth") && IsolatedTitles.isEndMark("finis"))
        #expect(!IsolatedTitles.isEndMark("finisterre"))
    }

    /// A first line with a comma is a title only standing alone, ending no sentence: a line of
    /// prose running on below it is none.
    @Test func aTitleWithACommaStandsAlone() {
        #expect(MetadataGuesser.firstLineTitle(["All's Well, that Ends Well"], standsAlone: true) == "All's Well, that Ends Well")
        #expect(MetadataGuesser.firstLineTitle(["It was the best of times, it was the worst"], standsAlone: false) == nil)
        #expect(MetadataGuesser.firstLineTitle(["Call me Ishmael, said he."], standsAlone: true) == nil)
    }

    /// A scene's heading with its setting wrapped onto a second line, past a title's dozen words
    /// once joined (`SCENE III. The same. A Park or Lawn, with a gate leading to the` / `Palace.`,
    /// `SCENE IV. The same. A Room of state in the Palace. A banquet` / `prepared.`) is a heading;
    /// a speech indented as the Folio indents it and wrapped to the margin is none (`   Watch 1.
    /// This man said sir, that Don Iohn the Princes` / `brother was a villaine`).
    @Test func aScenesSettingWrappedOntoASecondLine() throws {
        // Speeches in prose, hard-wrapped as the transcription wraps them.
        let prose = "Thou say'st well, and it holds well too; for the fortune of us that\nare the Moon's men doth ebb and flow like the sea, being governed,\n"
            + "as the sea is, by the Moon. As, for proof, now: a purse of gold most\nresolutely snatched on Monday night and most dissolutely spent.\n"
        var play = Self.front + "\n\nACT III.\n"
        let headings = ["SCENE I. Forres. A Room in the Palace.", "SCENE II. The same. Another Room in the Palace.",
                        "SCENE III. The same. A Park or Lawn, with a gate leading to the\nPalace.",
                        "SCENE IV. The same. A Room of state in the Palace. A banquet\nprepared.", "SCENE V. The heath."]
        for heading in headings { play += "\n\n\n\(heading)\n\n[Enter Macbeth.]\n" + ["MACBETH.", "BANQUO.", "LENNOX."].map { "\n\($0)\n" + prose }.joined() }
        play += "\n\n\n   Watch 1. This man said sir, that Don Iohn the Princes\nbrother was a villaine\n\n"
        play += "   Watch 2. Both which Master Constable and the rest\nof the watch heard it\n\n"
        play += "   Watch 3. Yea by th' masse that he did, and more\nthan that he said\n\nMACBETH.\n" + prose
        let outline = try TextBookParser.outline(play)
        #expect(outline.filter { $0.hasPrefix("2 ") } == headings.map { "2 " + $0.replacingOccurrences(of: "\n", with: " ") }, "\(outline)")
        #expect(!outline.contains { $0.contains("Watch") }, "\(outline)")
        // Read alone: the heading's two lines at one indentation; the speech's first line deeper.
        func wrapped(_ first: String, _ second: String) -> String? {
            let lines = [first, second, ""].map { Substring($0) }
            return TextBookParser.wrappedTitle(TextLines.trim(lines[0]), at: 0, lines, wrapWidth: 60)?.heading.title
        }
        #expect(wrapped("SCENE IV. The same. A Room of state in the Palace. A banquet", "prepared.")
                == "SCENE IV. The same. A Room of state in the Palace. A banquet prepared.")
        #expect(wrapped("   Watch 1. This man said sir, that Don Iohn the Princes", "brother was a villaine") == nil)
    }
}
