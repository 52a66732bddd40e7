// The smallest VS Code client of `duepa-check lsp`: it starts the server for the file types a
// decklist is written in and hands it the duepaCheck.* settings (the server asks for them).
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const server = { command: "duepa-check", args: ["lsp"] };
  const languages = ["plaintext", "markdown", "yaml", "json", "csv"];
  client = new LanguageClient("duepaCheck", "duepa-check", server, {
    documentSelector: languages.map((language) => ({ scheme: "file", language })),
    synchronize: { configurationSection: "duepaCheck" },
  });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
