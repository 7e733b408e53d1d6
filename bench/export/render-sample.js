// Renders a sample 15-lesson plan to artifacts/export/plano-exemplo.docx and, when LibreOffice is installed,
// converts it to PDF and PNG pages so the layout can be checked by eye.
// Run from the repository root: npx tsc -b libs/documents && node bench/export/render-sample.js
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { renderPlanDocx, samplePlanDocument, planFileName } = require('../../libs/documents/dist');

function hasCommand(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const outDir = path.resolve(__dirname, '../../artifacts/export');
  fs.mkdirSync(outDir, { recursive: true });
  // Detail 3 is the default setting; user text with markup checks that it stays inert.
  const plan = samplePlanDocument(
    15,
    { temaPrincipal: 'Frações e números decimais no cotidiano: <script>alert("x")</script> & receitas' },
    3,
  );
  const docxPath = path.join(outDir, 'plano-exemplo.docx');
  fs.writeFileSync(docxPath, await renderPlanDocx(plan));
  console.log(`wrote ${docxPath} (download name: ${planFileName(plan)})`);

  if (!hasCommand('soffice')) {
    console.log('soffice not found: skipping PDF/PNG (apt-get install -y libreoffice-writer-nogui poppler-utils)');
    return;
  }
  // A private profile so a running LibreOffice or a stale lock never blocks the conversion.
  const profile = `file://${path.join(outDir, '.lo-profile')}`;
  execFileSync('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, docxPath], {
    stdio: 'inherit',
    timeout: 180_000,
  });
  const pdfPath = path.join(outDir, 'plano-exemplo.pdf');
  console.log(`wrote ${pdfPath}`);
  if (!hasCommand('pdftoppm')) {
    console.log('pdftoppm not found: skipping PNG (apt-get install -y poppler-utils)');
    return;
  }
  for (const file of fs.readdirSync(outDir)) if (/^plano-exemplo-\d+\.png$/.test(file)) fs.unlinkSync(path.join(outDir, file));
  execFileSync('pdftoppm', ['-png', '-r', '80', pdfPath, path.join(outDir, 'plano-exemplo')], { stdio: 'inherit' });
  const pages = fs.readdirSync(outDir).filter((f) => /^plano-exemplo-\d+\.png$/.test(f));
  console.log(`wrote ${pages.length} PNG pages to ${outDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
