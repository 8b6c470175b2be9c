/// The report's one style sheet, inline (the page loads nothing). Pages are drawn at a fixed
/// height; their widths follow the viewport, so a spread looks like the two pages it pairs.
extension HTMLReportFormatter {
    static let css = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 16px 40px;color:#1b1b1b;background:#fff}
        header h1{margin:18px 0 2px;font-size:24px}.sub,.note{color:#555}.jump a{margin-right:12px}
        h2{border-bottom:2px solid #ddd;padding-bottom:3px;margin-top:28px}h3{margin:14px 0 4px;font-size:15px}
        table.facts th{text-align:left;color:#555;font-weight:normal;padding:1px 14px 1px 0;vertical-align:top}
        table.list{border-collapse:collapse;font-size:13px;width:100%}table.list th,table.list td{border-bottom:1px solid #eee;padding:2px 6px;text-align:left;vertical-align:top}
        .meta{display:flex;gap:18px;align-items:flex-start}.cover{max-height:220px;max-width:180px;border:1px solid #ccc;box-shadow:0 1px 4px #0003}
        .cover.none{width:120px;height:170px;display:flex;align-items:center;justify-content:center;text-align:center;font-size:11px;color:#777;word-break:break-all}
        .strip{display:flex;flex-wrap:wrap;gap:14px 10px;padding:10px;background:#f4f1ea;border-radius:6px}.strip.rtl{direction:rtl}
        .strip.compact{gap:6px 4px}.strip.compact .page{height:55px;font-size:8px}.strip.compact .page b{font-size:10px}.strip.compact .page .name{display:none}
        .spread{display:flex;direction:ltr;gap:0;padding:3px;border-radius:4px;background:#e4ded0}.spread.center,.spread.alone{background:none}
        .page{height:110px;box-sizing:border-box;border:1px solid #888;background:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;font-size:11px;overflow:hidden}
        .page b{font-size:15px}.page .name{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:0 2px}
        .page.left{border-right:2px solid #555}.page.right{border-left:2px solid #555}.page.center{border:2px solid #555}
        .page.reflowable{background:repeating-linear-gradient(#fff 0 9px,#eef 9px 10px)}.page.nonlinear{border-style:dashed}
        .page.blank{background:none;border:1px dashed #bbb}.page.pictured{position:relative;background:#fff}.page .thumb{position:absolute;inset:0;width:100%;height:100%;object-fit:contain}
        .page.pictured b{position:absolute;bottom:2px;right:3px;font-size:10px;background:rgba(255,255,255,.85);border-radius:3px;padding:0 3px}
        .page .mark{position:absolute;top:2px;left:2px;font-size:9px;font-style:normal;background:#fe8;color:#333;border-radius:3px;padding:0 3px}.page.preview{border-style:dotted}.page.vertical .name{writing-mode:vertical-rl;white-space:nowrap;max-height:70px}
        ol.toc,ol.pages{padding-left:22px}ol.toc li{margin:1px 0}.pos{color:#2a6;font-size:12px;margin-left:4px}.pos.none{color:#a60}
        .overlay{margin:10px 0 18px}.lane{margin:4px 0}.lane .file{font-size:12px;margin-right:8px}.lane .scale{font-size:11px;color:#777}
        .track{position:relative;height:18px;background:#f0f0f0;border:1px solid #ccc;margin-top:2px}
        .clip{position:absolute;top:2px;bottom:2px;background:#3b7dd8;border-right:1px solid #fff;min-width:1px}
        .clip.open{background:repeating-linear-gradient(45deg,#3b7dd8 0 4px,#9bbbe8 4px 8px)}.gap{position:absolute;top:0;bottom:0;background:#f7d9a8}
        details.severity{margin:6px 0}details.severity summary{font-weight:600;cursor:pointer}
        .fatal summary,.error summary{color:#b00}.warning summary{color:#a60}.usage summary,.info summary{color:#357}
        details.a11y{margin:6px 0}details.a11y summary{cursor:pointer}.a11y .impact{font-size:12px;text-transform:uppercase;margin:0 6px}
        .a11y.critical .impact,.a11y.serious .impact{color:#b00}.a11y.moderate .impact{color:#a60}.a11y.minor .impact{color:#357}
        .a11y .count{color:#666;font-size:12px}.a11y .cfi{color:#777;font-size:12px}.ok{color:#2a6}
        ul.guide{margin:0;padding-left:18px}table.inventory{border-collapse:collapse;margin:6px 0}table.inventory td,table.inventory th{border-bottom:1px solid #ddd;padding:2px 8px;vertical-align:top;text-align:left}
        img.thumb{max-width:96px;max-height:96px}.cfi{color:#777;font-size:12px}ul.outline .level{color:#777;font-size:12px}
        td.id{white-space:nowrap;font-family:ui-monospace,monospace}td.where{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}.hint{color:#666;font-size:12px}
        """
}
