import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // This folder is the app's root, also when it sits inside another project with its own lock file.
  turbopack: { root: process.cwd() },
};

export default nextConfig;
