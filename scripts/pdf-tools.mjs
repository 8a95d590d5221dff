// Finds Poppler's pdftoppm and pdftotext for the tests that look inside a generated PDF (its
// PDF pages turned into PNG, the text read back): PDFTOPPM_PATH / PDFTOTEXT_PATH, else
// /usr/bin, else installs Debian's poppler-utils when we are root with apt-get, else stops saying how.
//
//   import { findPdfTools } from "../../scripts/pdf-tools.mjs";
//   const { pdftoppm, pdftotext } = findPdfTools();
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const TOOLS = { pdftoppm: "PDFTOPPM_PATH", pdftotext: "PDFTOTEXT_PATH" };

function locate() {
  const found = {};
  for (const [tool, variable] of Object.entries(TOOLS)) {
    const candidates = [process.env[variable], `/usr/bin/${tool}`, `/usr/local/bin/${tool}`].filter(Boolean);
    const path = candidates.find((p) => existsSync(p));
    if (!path) return null;
    found[tool] = path;
  }
  return found;
}

/** { pdftoppm, pdftotext }: paths of the two programs. Exits with instructions when they cannot be had. */
export function findPdfTools() {
  const found = locate();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("pdftoppm/pdftotext not found: installing Debian's poppler-utils package (apt-get install -y poppler-utils)…");
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "-qq", "poppler-utils"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    } catch {
      // fall through to the message below
    }
    const installed = locate();
    if (installed) return installed;
  }
  console.error(
    [
      "The PDF tests need Poppler's pdftoppm and pdftotext and they were not found.",
      "Install Debian's package:  sudo apt-get install -y poppler-utils",
      "or point PDFTOPPM_PATH and PDFTOTEXT_PATH at the programs.",
    ].join("\n")
  );
  process.exit(1);
}
