import { describe, expect, it } from 'vitest';
import { dataDictionary, dataDictionaryMarkdown, exportFileNames, exportFiles, type ExportFileDef } from './export-files.ts';

describe('the data dictionary of a whole export', () => {
  it('describes every file and every field of its schema, with a type', () => {
    const dictionary = dataDictionary();
    expect(Object.keys(dictionary.files)).toEqual(exportFileNames.map((n) => `${n}.jsonl`));
    for (const name of exportFileNames) {
      const def: ExportFileDef = exportFiles[name];
      const described = dictionary.files[`${name}.jsonl`]!;
      expect(described.description.length, name).toBeGreaterThan(10);
      expect(Object.keys(described.fields).sort(), name).toEqual(Object.keys(def.shape).sort());
      // No description without a field either: the table and the schema are one list.
      expect(Object.keys(def.fields).sort(), name).toEqual(Object.keys(def.shape).sort());
      for (const [field, d] of Object.entries(described.fields)) {
        expect(d.description.trim().length, `${name}.${field}`).toBeGreaterThan(2);
        expect(d.type, `${name}.${field}`).toMatch(/^(string|number|boolean|any|array of .+|object of .+)\??$/);
      }
    }
  });

  it('never describes a secret, so none can be exported', () => {
    for (const name of exportFileNames) {
      for (const field of Object.keys(exportFiles[name].shape)) expect(field, `${name}.${field}`).not.toMatch(/hash|secret|token|password|twoFactorLastStep|authVersion/i);
    }
  });

  it('writes the same dictionary for people, a table per file', () => {
    const markdown = dataDictionaryMarkdown();
    expect(markdown).toContain('## clients.jsonl');
    expect(markdown).toContain('| lastInitial | string | Initial of the last name |');
    expect(markdown).toContain('| medicaidEligible | boolean? | Whether services are billed to Medicaid |');
  });
});
