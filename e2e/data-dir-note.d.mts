/** The file where e2e/serve.mjs notes the DATA_DIR of the app it runs on `port`. */
export declare const dataDirNoteFor: (port: string | number | undefined) => string;
