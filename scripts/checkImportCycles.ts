/**
 * `npm run cycles` (part of `npm run lint`): fails when src/ or scripts/ has an import cycle between
 * files (type imports and import() included) or between client features or server modules. dpdm
 * parses the imports with TypeScript; scripts/importCycles.ts finds the cycles.
 */
import path from 'node:path';
import { parseDependencyTree } from 'dpdm';
import { findCycles, unitGraph, type ImportGraph } from './importCycles';

const ROOT = path.resolve(__dirname, '..');

async function main() {
  const tree = await parseDependencyTree(['src/**/*.ts', 'src/**/*.tsx', 'scripts/**/*.ts'], {
    context: ROOT,
    cwd: ROOT,
    transform: false, // keep type-only imports: a cycle of types is still a cycle
  });
  const relative = (file: string) => path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep).join('/');
  const files: ImportGraph = {};
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!dependencies || file.includes('node_modules')) continue;
    files[relative(file)] = dependencies
      .map((dependency) => dependency.id)
      .filter((id): id is string => id !== null && !id.includes('node_modules'))
      .map(relative);
  }
  const fileCycles = findCycles(files);
  const { graph, witness } = unitGraph(files);
  const unitCycles = findCycles(graph);
  for (const cycle of fileCycles) console.error(`file cycle: ${cycle.join(' ⇄ ')}`);
  for (const cycle of unitCycles) {
    console.error(`cycle between ${cycle.join(', ')}:`);
    for (const from of cycle)
      for (const to of graph[from] ?? [])
        if (cycle.includes(to)) console.error(`  ${from} → ${to} (${witness.get(`${from} → ${to}`)})`);
  }
  const units = Object.keys(graph).length;
  console.log(
    `import cycles: ${fileCycles.length} between files (${Object.keys(files).length} files),` +
      ` ${unitCycles.length} between features and modules (${units} with imports of others)`,
  );
  if (fileCycles.length + unitCycles.length > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
