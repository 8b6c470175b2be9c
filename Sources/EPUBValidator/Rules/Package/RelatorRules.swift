import EPUBContract

/// OPF 2.0.1 §2.2.6: an `opf:role` on `dc:creator` is a MARC relator code, or an extension
/// that starts with `oth.` (OPF-052). The codes are the Library of Congress's MARC Code List
/// for Relators as EPUBCheck 5.3.0 knows them (its list predates some later additions, which it
/// would report; so do we, to agree with it).
enum RelatorRules {
    static let codes: Set<String> = [
        "abr", "acp", "act", "adi", "adp", "aft", "anl", "anm", "ann", "ant", "ape", "apl", "app", "aqt", "arc", "ard", "arr", "art",
        "asg", "asn", "ato", "att", "auc", "aud", "aui", "aus", "aut", "bdd", "bjd", "bkd", "bkp", "blw", "bnd", "bpd", "brd", "brl",
        "bsl", "cas", "ccp", "chr", "clb", "cli", "cll", "clr", "clt", "cmm", "cmp", "cmt", "cnd", "cng", "cns", "coe", "col", "com",
        "con", "cor", "cos", "cot", "cou", "cov", "cpc", "cpe", "cph", "cpl", "cpt", "cre", "crp", "crr", "crt", "csl", "csp", "cst",
        "ctb", "cte", "ctg", "ctr", "cts", "ctt", "cur", "cwt", "dbp", "dfd", "dfe", "dft", "dgc", "dgg", "dgs", "dis", "dln", "dnc",
        "dnr", "dpc", "dpt", "drm", "drt", "dsr", "dst", "dtc", "dte", "dtm", "dto", "dub", "edc", "edm", "edt", "egr", "elg", "elt",
        "eng", "enj", "etr", "evp", "exp", "fac", "fds", "fld", "flm", "fmd", "fmk", "fmo", "fmp", "fnd", "fpy", "frg", "gis", "grt",
        "his", "hnr", "hst", "ill", "ilu", "ins", "inv", "isb", "itr", "ive", "ivr", "jud", "jug", "lbr", "lbt", "ldr", "led", "lee",
        "lel", "len", "let", "lgd", "lie", "lil", "lit", "lsa", "lse", "lso", "ltg", "lyr", "mcp", "mdc", "med", "mfp", "mfr", "mod",
        "mon", "mrb", "mrk", "msd", "mte", "mtk", "mus", "nrt", "opn", "org", "orm", "osp", "oth", "own", "pad", "pan", "pat", "pbd",
        "pbl", "pdr", "pfr", "pht", "plt", "pma", "pmn", "pop", "ppm", "ppt", "pra", "prc", "prd", "pre", "prf", "prg", "prm", "prn",
        "pro", "prp", "prs", "prt", "prv", "pta", "pte", "ptf", "pth", "ptt", "pup", "rbr", "rcd", "rce", "rcp", "rdd", "red", "ren",
        "res", "rev", "rpc", "rps", "rpt", "rpy", "rse", "rsg", "rsp", "rsr", "rst", "rth", "rtm", "sad", "sce", "scl", "scr", "sds",
        "sec", "sgd", "sgn", "sht", "sll", "sng", "spk", "spn", "spy", "srv", "std", "stg", "stl", "stm", "stn", "str", "tcd", "tch",
        "ths", "tld", "tlp", "trc", "trl", "tyd", "tyg", "uvp", "vac", "vdg", "voc", "wac", "wal", "wam", "wat", "wdc", "wde", "win",
        "wit", "wpr", "wst",
    ]

    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        guard package.version?.trimmingXMLWhitespace().hasPrefix("2") ?? false, package.namespace == XMLNamespace.opf else { return [] }
        return package.declaredMetadata.filter { $0.isDublinCore("creator") }.compactMap { creator in
            guard let role = creator.opfAttributes["role"], !role.isEmpty, !codes.contains(role), !role.hasPrefix("oth.") else { return nil }
            return Diagnostic(.OPF_052, message: .roleDcCreatorNotMarcRelator(role),
                              location: .init(path: package.path, line: creator.line))
        }
    }
}
