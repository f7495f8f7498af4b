// `npm run dev`: the API server (restarted on change) on API_PORT and Vite's dev server with
// hot reload on 5173, which proxies /api to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '5000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    // Pages come from Vite's origin, so the API's origin check must accept it.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      ALLOWED_ORIGINS: [process.env.ALLOWED_ORIGINS, 'http://localhost:5173', 'http://127.0.0.1:5173'].filter(Boolean).join(','),
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', () => stop('SIGTERM'));
