import CLibXML2
import EPUBContract

/// EDUPUB (EPUB for Education) content documents, in a publication checked as EDUPUB
/// (`ContentContext.edupub`: reflowable documents of the spine): sectioning elements and an
/// implied-section `body` have one heading (or an `aria-label` that does not repeat it), heading
/// ranks follow the nesting, nothing but sections follows a section, subtitles sit in a `header`,
/// and the container types of the structural vocabulary hold their members (`answers` an
/// `answer` …), each as EPUBCheck's EDUPUB rules have them.
enum EDUPUBContentRules {
    /// Container terms and the member term each needs below it.
    static let containers: [(String, String)] = [
        ("answers", "answer"), ("assessments", "assessment"), ("bibliography", "biblioentry"), ("credits", "credit"),
        ("footnotes", "footnote"), ("keywords", "keyword"), ("learning-objectives", "learning-objective"),
        ("learning-outcomes", "learning-outcome"), ("learning-resources", "learning-resource"),
        ("learning-standards", "learning-standard"), ("practices", "practice"), ("rearnotes", "rearnote"),
    ]
    /// Problem terms: each needs a question and has at most one answer.
    static let problems = ["fill-in-the-blank-problem", "general-problem", "match-problem", "multiple-choice", "true-false-problem"]

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        guard context.edupub, context.isXHTML, !index.elements.isEmpty else { return }
        let outline = EDUPUBOutline(index)
        for number in index.elements.indices where index.elements[number].space == .xhtml {
            for problem in outline.headingProblems(number) + semantics(outline, number) {
                findings.report(.RSC_005, problem, at: index.elements[number].position)
            }
        }
    }

    /// The structural vocabulary's containers and problems (the whole `epub:type` value compared).
    private static func semantics(_ outline: EDUPUBOutline, _ number: Int) -> [MessageText] {
        guard let type = outline.type[number] else { return [] }
        let below = { (term: String) in outline.descendants(number).filter { outline.type[$0] == term }.count }
        var out: [MessageText] = []
        for (container, member) in containers where type == container && below(member) == 0 {
            out.append(.elementThatCarriesTermRequiresLeast(container, member))
        }
        if problems.contains(type) {
            if below("question") == 0 { out.append(.termRequiresQuestion(type)) }
            if below("answer") > 1 { out.append(.elementThatCarriesTermNotContain(type)) }
        }
        if type == "ordinal" && below("ordinal") > 0 {
            out.append(.elementThatCarriesOrdinalTermNot)
        }
        return out
    }
}
