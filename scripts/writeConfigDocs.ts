import fs from 'node:fs';
import path from 'node:path';
import { envExample, readmeWithTable } from './configDocs';

// Rewrites .env.example and README.md's variable table from src/server/configSettings.ts.
const root = path.resolve(__dirname, '..');
const readmePath = path.join(root, 'README.md');
fs.writeFileSync(path.join(root, '.env.example'), envExample());
fs.writeFileSync(readmePath, readmeWithTable(fs.readFileSync(readmePath, 'utf8')));
console.log('Wrote .env.example and the README.md table from src/server/configSettings.ts.');
