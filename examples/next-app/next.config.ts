import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // As create-next-app 16 makes it. The app builds without the two as well (npm run test:examples builds both).
  cacheComponents: true,
  partialPrefetching: true,
  // This folder is the app's root, also when it sits inside another project with its own lock file.
  turbopack: { root: process.cwd() },
};

export default nextConfig;
