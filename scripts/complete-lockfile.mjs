// The npm registry reachable from our build machines serves only the Linux builds of packages
// that ship one native binary per platform (rollup, tailwind's oxide, esbuild, workerd…), so
// `npm install` here writes a lock file without the other platforms' optional packages, and
// `npm ci` then refuses that lock file as out of sync. This adds the missing entries — optional,
// with the os/cpu their names say — so `npm ci` accepts the lock file on any platform; on Linux
// they are skipped as not for this platform, and elsewhere npm fetches them from the registry.
// Run after `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "netbsd", "sunos", "aix", "openharmony", "wasi"];
const CPU = { arm64: "arm64", x64: "x64", ia32: "ia32", arm: "arm", riscv64: "riscv64", ppc64: "ppc64", s390x: "s390x", loong64: "loong64", mips64el: "mips64el", wasm32: "wasm32", loongarch64: "loong64", universal: null };

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpuPart = parts.find((p) => p in CPU);
  const entry = {};
  if (os) entry.os = [os];
  if (cpuPart && CPU[cpuPart]) entry.cpu = [CPU[cpuPart]];
  if (name.endsWith("-musl")) entry.libc = ["musl"];
  else if (name.endsWith("-gnu") || name.includes("-gnueabihf")) entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[base] || packages[`node_modules/${dep}`]) continue;
    const version = String(range).replace(/^[~^=]/, "");
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    const file = `${dep.split("/").pop()}-${version}.tgz`;
    packages[`node_modules/${dep}`] = {
      version,
      resolved: `https://registry.npmjs.org/${dep}/-/${file}`,
      optional: true,
      ...platformOf(dep),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`complete-lockfile: added ${added} platform-specific optional package entries`);
