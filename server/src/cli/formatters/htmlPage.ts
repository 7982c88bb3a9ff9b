/** The style and the tab script of the HTML report (html.ts): inline, so that the one file opens offline. */

export const STYLE = `
:root{--error:#c62828;--warn:#b26a00;--info:#1565c0;--hint:#616161;--line:#e0e0e0;--mark:#fff3cd}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#212121;background:#fafafa}
header{background:#0f5c7a;color:#fff;padding:16px 24px}
header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;opacity:.85}
main{padding:16px 24px;max-width:1200px}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:16px}
.card{background:#fff;border:1px solid var(--line);border-radius:6px;padding:12px 16px;min-width:120px}
.card b{display:block;font-size:24px}
.grade{font-size:40px;font-weight:700;line-height:1}
.grade-A,.grade-B{color:#2e7d32}.grade-C,.grade-D{color:var(--warn)}.grade-E,.grade-F{color:var(--error)}
table{border-collapse:collapse;background:#fff;width:100%;margin:8px 0 16px}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{background:#eee;height:8px;border-radius:4px;min-width:120px}
.bar i{display:block;height:8px;border-radius:4px;background:#2e7d32}
nav{display:flex;gap:4px;border-bottom:2px solid var(--line);margin-top:8px}
nav button{border:0;background:none;padding:8px 14px;font:inherit;cursor:pointer;border-bottom:3px solid transparent}
nav button[aria-selected=true]{border-color:#0f5c7a;font-weight:600}
.js section[role=tabpanel]:not(.shown){display:none}
h2{font-size:17px;margin:16px 0 8px}
h3{font-size:15px;margin:14px 0 6px;font-family:ui-monospace,monospace}
.finding{background:#fff;border:1px solid var(--line);border-left-width:4px;border-radius:4px;margin:6px 0;padding:6px 10px}
.finding.s0{border-left-color:var(--error)}.finding.s1{border-left-color:var(--warn)}.finding.s2{border-left-color:var(--info)}.finding.s3{border-left-color:var(--hint)}
.sev{font-size:12px;font-weight:600;text-transform:uppercase}
.s0 .sev{color:var(--error)}.s1 .sev{color:var(--warn)}.s2 .sev{color:var(--info)}.s3 .sev{color:var(--hint)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
.path{color:#757575;font-size:12px}
pre.snippet{margin:6px 0 2px;background:#f5f5f5;border-radius:4px;padding:4px 0;overflow-x:auto}
pre.snippet span{display:block;padding:0 8px}
pre.snippet span.hit{background:var(--mark)}
pre.snippet em{font-style:normal;color:#9e9e9e;display:inline-block;min-width:4.5em;user-select:none}
details.rule{background:#fff;border:1px solid var(--line);border-radius:4px;margin:6px 0;padding:6px 10px}
details.rule summary{cursor:pointer}
.doc{border-top:1px solid var(--line);margin-top:8px}
.muted{color:#757575}
`;

/** Tabs: without the script every panel is shown one after the other, which reads well too. */
export const SCRIPT = `
document.documentElement.classList.add('js');
const tabs=[...document.querySelectorAll('nav button')];
function show(id){for(const b of tabs){const on=b.dataset.tab===id;b.setAttribute('aria-selected',String(on));document.getElementById(b.dataset.tab).classList.toggle('shown',on);}}
for(const b of tabs)b.addEventListener('click',()=>{show(b.dataset.tab);history.replaceState(null,'','#'+b.dataset.tab);});
function follow(){const h=location.hash.slice(1);const panel=h&&document.getElementById(h)?.closest('section[role=tabpanel]');show(panel?panel.id:tabs[0].dataset.tab);if(panel&&panel.id!==h)document.getElementById(h).scrollIntoView();}
addEventListener('hashchange',follow);follow();
`;
