/// The report's style sheet, inline so the file needs nothing beside it.
enum ReportStyle {
    static let css = """
        body { font-family: Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1100px; padding: 24px; color: #222; line-height: 1.45; }
        h1 { font-size: 26px; margin-bottom: 4px; }
        h2 { font-size: 21px; border-bottom: 2px solid #1f77b4; padding-bottom: 4px; margin-top: 40px; }
        h3 { font-size: 16px; margin-top: 24px; }
        p.meta { color: #555; font-size: 13px; }
        p.headline { font-size: 16px; background: #f3f7fb; border-left: 4px solid #1f77b4; padding: 10px 14px; }
        ul.cautions { background: #fff6e5; border-left: 4px solid #e6a100; padding: 10px 14px 10px 32px; }
        ul.cautions li { margin: 4px 0; }
        table { border-collapse: collapse; margin: 10px 0 18px; font-size: 13px; }
        caption { caption-side: bottom; text-align: left; color: #555; font-size: 12px; padding-top: 4px; }
        th, td { border-bottom: 1px solid #ddd; padding: 4px 10px; vertical-align: top; }
        th { background: #f4f4f4; text-align: left; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        figure { margin: 16px 0; }
        figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
        figcaption { color: #555; font-size: 12px; }
        pre { background: #f6f6f6; padding: 10px; overflow-x: auto; font-size: 12px; }
        details { margin: 14px 0; }
        summary { cursor: pointer; color: #1f4e79; }
        nav ul { padding-left: 20px; }
        footer { margin-top: 40px; color: #777; font-size: 12px; }
        """
}
