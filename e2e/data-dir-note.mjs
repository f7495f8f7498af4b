// The file where e2e/serve.mjs notes the throwaway DATA_DIR of the app it runs on `port`, so a
// journey can run the real CLI (`npm run admin -- grant`) against that app's database.
import os from 'node:os';
import path from 'node:path';

export const dataDirNoteFor = (port) => path.join(os.tmpdir(), `salescoach-e2e-${port}.datadir`);
