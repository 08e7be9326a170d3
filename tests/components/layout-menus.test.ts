import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { locales } from '@contract/locales';
import { describe, expect, it } from 'vitest';
import { menuLessRoutes, menus } from '@/features/layout/menus';

const routesDir = path.resolve(import.meta.dirname, '../../src/routes');

/**
 * The URL path each page file of src/routes serves, by the file-route naming rules we use. The
 * operator desk (/admin) is left out: it has its own navbar, which the desk's tests cover.
 */
function pagePathsOnDisk(): string[] {
  const files = readdirSync(routesDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.tsx') && file.split(path.sep)[0] !== 'admin',
  );
  const paths: string[] = [];
  for (const file of files) {
    const segments = file.replace(/\.tsx$/, '').split(path.sep);
    const last = segments.at(-1) ?? '';
    // The root and pathless layouts (_default, _auth, ...) serve no page of their own.
    if (last === '__root' || last.startsWith('_')) continue;
    const urlSegments = segments
      .filter((segment) => !segment.startsWith('_'))
      .filter((segment, index, all) => !(index === all.length - 1 && (segment === 'index' || segment === 'route')))
      .map((segment) => segment.replace(/^\[(.+)\]$/, '$1'));
    paths.push(`/${urlSegments.join('/')}`);
  }
  return paths.sort();
}

const menuPaths = Object.values(menus).flatMap((menu) => menu.map((item) => item.to as string));

describe('menus', () => {
  it('reach every route, or say why a route is deliberately left out of every menu', () => {
    const onDisk = pagePathsOnDisk();
    expect(onDisk.length).toBeGreaterThan(40);
    const accountedFor = new Set([...menuPaths, ...Object.keys(menuLessRoutes)]);
    expect(onDisk.filter((page) => !accountedFor.has(page))).toEqual([]);
  });

  it('name only routes that exist', () => {
    const onDisk = new Set(pagePathsOnDisk());
    expect(menuPaths.filter((page) => !onDisk.has(page))).toEqual([]);
    expect(Object.keys(menuLessRoutes).filter((page) => !onDisk.has(page))).toEqual([]);
  });

  it('do not list a route both in a menu and as menu-less', () => {
    expect(Object.keys(menuLessRoutes).filter((page) => menuPaths.includes(page))).toEqual([]);
  });

  it('have every label translated in all seven locales', () => {
    const labels = [...new Set(Object.values(menus).flatMap((menu) => menu.map((item) => item.label)))];
    for (const lng of locales) {
      const common = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, `../../locales/${lng}/common.json`), 'utf8'),
      );
      for (const label of labels) {
        const text = label.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], common);
        expect(typeof text === 'string' && text.trim().length > 0, `${lng} ${label}`).toBe(true);
      }
    }
  });

  it('keep the six menu groups', () => {
    expect(Object.keys(menus).sort()).toEqual(
      ['aboutMenu', 'agentMenu', 'footerMenu', 'gameMenu', 'userCenterMenu', 'userMenu'].sort(),
    );
  });
});
