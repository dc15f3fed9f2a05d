// ESLint (flat config): the recommended rules of ESLint and typescript-eslint, type-aware, over
// the extension's sources. Run by build.sh (`npm run lint`).
import { fileURLToPath } from "node:url";

import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["out/**", "node_modules/**", "eslint.config.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: fileURLToPath(new URL(".", import.meta.url)) },
    },
    rules: {
      eqeqeq: "error",
      "@typescript-eslint/no-floating-promises": "error",
    },
  },
);
