import type { NextConfig } from 'next';

// rtk-rest is installed from the repository's root (`"rtk-rest": "file:.."`, copied into
// node_modules by `install-links` in .npmrc), whose package-lock.json would otherwise make Next
// take the repository for the workspace root: this folder is the app's whole world.
const config: NextConfig = {
  turbopack: { root: __dirname },
  outputFileTracingRoot: __dirname,
};

export default config;
