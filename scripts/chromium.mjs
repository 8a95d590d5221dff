// Finds Debian's Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium, else
// installs Debian's package when we are root with apt-get, else stops saying how.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package (apt-get install -y chromium)…");
    try {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    } catch {
      // fall through to the message below
    }
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    [
      "Browser tests need Chromium and none was found.",
      "Install Debian's package:  sudo apt-get install -y chromium",
      "or point CHROMIUM_PATH at a Chromium/Chrome binary:  CHROMIUM_PATH=/path/to/chrome npm test",
      "(Playwright's own browser download does not work offline.)",
    ].join("\n"),
  );
  process.exit(1);
}
