import { useQuery } from '@tanstack/react-query';
import { Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighlightedCode } from '../../../shared/markdown/highlighted-code.tsx';
import { siteFilesQuery } from '../api/chat-sites.ts';

/** A folder tree of the version's paths, folders first. */
type FileNode = { key: string; title: string; isLeaf: boolean; children?: FileNode[] };
function treeOf(paths: string[]): FileNode[] {
  const root: FileNode[] = [];
  for (const path of paths) {
    let level = root;
    path.split('/').forEach((name, index, parts) => {
      const key = parts.slice(0, index + 1).join('/');
      const isLeaf = index === parts.length - 1;
      let node = level.find((each) => each.key === key);
      if (!node) {
        node = { key, title: name, isLeaf, ...(isLeaf ? {} : { children: [] }) };
        level.push(node);
      }
      level = node.children ?? [];
    });
  }
  const sorted = (nodes: FileNode[]): FileNode[] =>
    [...nodes]
      .sort((a, b) => Number(a.isLeaf) - Number(b.isLeaf) || a.title.localeCompare(b.title))
      .map((node) => (node.children ? { ...node, children: sorted(node.children) } : node));
  return sorted(root);
}

/** Larger files show as plain text: highlighting them would hold the page up. */
const HIGHLIGHT_MAX_CHARS = 100_000;

/** The highlighting language of a file, by its extension (highlight.js knows each of a site's kinds by it). */
function languageOf(path: string, size: number): string | undefined {
  const extension = path.includes('.') ? path.slice(path.lastIndexOf('.') + 1).toLowerCase() : '';
  return extension === '' || extension === 'txt' || size > HIGHLIGHT_MAX_CHARS ? undefined : extension;
}

/** A version's file tree and the chosen file's code, highlighted by its language. */
export function SiteCodeView({ conversationId, version }: { conversationId: string; version: number }) {
  const { t } = useTranslation();
  const files = useQuery(siteFilesQuery(conversationId, version));
  const [chosen, setChosen] = useState<string | null>(null);
  const list = files.data?.files ?? [];
  const tree = useMemo(() => treeOf(list.map((file) => file.path)), [list]);
  if (files.isPending) return <Spin aria-label={t('common.loading')} />;
  const shown = list.find((file) => file.path === chosen) ?? list[0];
  return (
    <div className="site-panel__code">
      <Tree.DirectoryTree
        className="site-panel__tree"
        aria-label={t('sites.files')}
        treeData={tree}
        defaultExpandAll
        selectedKeys={shown ? [shown.path] : []}
        onSelect={(keys, info) => {
          if (info.node.isLeaf) setChosen(String(keys[0]));
        }}
      />
      <figure className="site-panel__file">
        <figcaption className="site-panel__path">{shown?.path}</figcaption>
        {shown && (
          <div className="site-panel__source">
            <HighlightedCode
              key={shown.path}
              code={shown.content}
              language={languageOf(shown.path, shown.content.length)}
            />
          </div>
        )}
      </figure>
    </div>
  );
}
