import { describe, expect, it } from 'vitest';
import { assetTags, type Manifest } from './manifest';

// The shape Vite writes (see dist/client/.vite/manifest.json after a build).
const manifest: Manifest = {
  '_react-R1.js': { file: 'assets/react-R1.js', imports: ['_runtime-W1.js'] },
  '_runtime-W1.js': { file: 'assets/runtime-W1.js' },
  '_vendor-V1.js': { file: 'assets/vendor-V1.js', imports: ['_runtime-W1.js', '_react-R1.js'] },
  'src/entry-client.tsx': {
    file: 'assets/entry-client-E1.js',
    isEntry: true,
    imports: ['_runtime-W1.js', '_react-R1.js', '_vendor-V1.js'],
    css: ['assets/entry-client-C1.css'],
  },
  'src/screens/admin/AdminScreen.tsx': {
    file: 'assets/AdminScreen-A1.js',
    imports: ['_vendor-V1.js', 'src/entry-client.tsx', '_admin-shared-S1.js'],
    css: ['assets/AdminScreen-C2.css'],
  },
  '_admin-shared-S1.js': { file: 'assets/admin-shared-S1.js' },
};

describe('assetTags', () => {
  it('gives the entry script, its CSS and its imports once each', () => {
    expect(assetTags(manifest, [])).toEqual({
      entryScript: '/assets/entry-client-E1.js',
      stylesheets: ['/assets/entry-client-C1.css'],
      modulePreloads: ['/assets/runtime-W1.js', '/assets/react-R1.js', '/assets/vendor-V1.js'],
    });
  });

  it('adds the chunks and CSS of lazy screens the page shows', () => {
    const tags = assetTags(manifest, ['src/screens/admin/AdminScreen.tsx']);
    expect(tags.stylesheets).toEqual(['/assets/entry-client-C1.css', '/assets/AdminScreen-C2.css']);
    expect(tags.modulePreloads).toEqual([
      '/assets/runtime-W1.js',
      '/assets/react-R1.js',
      '/assets/vendor-V1.js',
      '/assets/AdminScreen-A1.js',
      '/assets/admin-shared-S1.js',
    ]);
  });

  it('refuses a manifest without the client entry', () => {
    expect(() => assetTags({}, [])).toThrow(/src\/entry-client\.tsx/);
  });
});
