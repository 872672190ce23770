// `npm run dev`: the server from source, restarted on change (tsx watch, port 3000), and Vite's
// dev server with hot reload (port 5173) proxying /api and /media to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: '3000', NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
