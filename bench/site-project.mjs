// A ten-file React + TSX project of the size a web builder writes (a task board), for
// site-build.bench.mjs: the files as the builder takes them, and as a reply's fenced blocks.

const main = `import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import App from './App';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`;

const app = `import { useMemo, useState } from 'react';
import Header from './components/Header';
import AddTask from './components/AddTask';
import TaskList from './components/TaskList';
import { useTasks } from './hooks/useTasks';
import type { Filter } from './types';

export default function App() {
  const { tasks, add, toggle, remove } = useTasks();
  const [filter, setFilter] = useState<Filter>('all');
  const shown = useMemo(
    () => tasks.filter((task) => (filter === 'all' ? true : filter === 'done' ? task.done : !task.done)),
    [tasks, filter],
  );
  return (
    <main className="board">
      <Header count={tasks.filter((task) => !task.done).length} filter={filter} onFilter={setFilter} />
      <AddTask onAdd={add} />
      <TaskList tasks={shown} onToggle={toggle} onRemove={remove} />
    </main>
  );
}
`;

const types = `export type Priority = 'low' | 'normal' | 'high';

export type Task = {
  id: number;
  title: string;
  priority: Priority;
  done: boolean;
  createdAt: number;
};

export type Filter = 'all' | 'open' | 'done';
`;

/** The file each later reply writes again, so that each version differs from the one before. */
export const dataFile = (release) => `import type { Task } from './types';

export const RELEASE = ${release};

export const STARTING_TASKS: Task[] = [
  { id: 1, title: 'Write the landing page copy', priority: 'high', done: false, createdAt: 1 },
  { id: 2, title: 'Pick the colour palette', priority: 'normal', done: true, createdAt: 2 },
  { id: 3, title: 'Collect customer quotes', priority: 'normal', done: false, createdAt: 3 },
  { id: 4, title: 'Book the launch webinar', priority: 'low', done: false, createdAt: 4 },
];
`;

const useTasks = `import { useCallback, useState } from 'react';
import { STARTING_TASKS } from '../data';
import type { Priority, Task } from '../types';

export function useTasks() {
  const [tasks, setTasks] = useState<Task[]>(STARTING_TASKS);
  const add = useCallback((title: string, priority: Priority) => {
    setTasks((all) => [
      ...all,
      { id: Math.max(0, ...all.map((task) => task.id)) + 1, title, priority, done: false, createdAt: Date.now() },
    ]);
  }, []);
  const toggle = useCallback((id: number) => {
    setTasks((all) => all.map((task) => (task.id === id ? { ...task, done: !task.done } : task)));
  }, []);
  const remove = useCallback((id: number) => {
    setTasks((all) => all.filter((task) => task.id !== id));
  }, []);
  return { tasks, add, toggle, remove };
}
`;

const header = `import type { Filter } from '../types';
import { RELEASE } from '../data';

type Props = { count: number; filter: Filter; onFilter: (filter: Filter) => void };

const FILTERS: Filter[] = ['all', 'open', 'done'];

export default function Header({ count, filter, onFilter }: Props) {
  return (
    <header className="header">
      <h1>Launch board <small>r{RELEASE}</small></h1>
      <p>{count === 1 ? '1 task open' : \`\${count} tasks open\`}</p>
      <nav>
        {FILTERS.map((each) => (
          <button key={each} className={each === filter ? 'active' : ''} onClick={() => onFilter(each)}>
            {each}
          </button>
        ))}
      </nav>
    </header>
  );
}
`;

const taskList = `import type { Task } from '../types';
import TaskItem from './TaskItem';

type Props = { tasks: Task[]; onToggle: (id: number) => void; onRemove: (id: number) => void };

export default function TaskList({ tasks, onToggle, onRemove }: Props) {
  if (tasks.length === 0) return <p className="empty">Nothing here yet.</p>;
  return (
    <ul className="tasks">
      {tasks.map((task) => (
        <TaskItem key={task.id} task={task} onToggle={onToggle} onRemove={onRemove} />
      ))}
    </ul>
  );
}
`;

const taskItem = `import type { Task } from '../types';

type Props = { task: Task; onToggle: (id: number) => void; onRemove: (id: number) => void };

export default function TaskItem({ task, onToggle, onRemove }: Props) {
  return (
    <li className={\`task \${task.priority}\${task.done ? ' done' : ''}\`}>
      <label>
        <input type="checkbox" checked={task.done} onChange={() => onToggle(task.id)} />
        <span>{task.title}</span>
      </label>
      <button aria-label={\`Remove \${task.title}\`} onClick={() => onRemove(task.id)}>
        ×
      </button>
    </li>
  );
}
`;

const addTask = `import { type FormEvent, useState } from 'react';
import type { Priority } from '../types';

export default function AddTask({ onAdd }: { onAdd: (title: string, priority: Priority) => void }) {
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<Priority>('normal');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    onAdd(title.trim(), priority);
    setTitle('');
  };
  return (
    <form className="add" onSubmit={submit}>
      <input value={title} onChange={(event) => setTitle(event.target.value)} placeholder="A new task" />
      <select value={priority} onChange={(event) => setPriority(event.target.value as Priority)}>
        <option value="low">Low</option>
        <option value="normal">Normal</option>
        <option value="high">High</option>
      </select>
      <button type="submit">Add</button>
    </form>
  );
}
`;

const styles = `:root { font-family: system-ui, sans-serif; color: #1f2328; background: #f6f8fa; }
body { margin: 0; }
.board { max-width: 640px; margin: 40px auto; padding: 24px; background: #fff; border-radius: 12px; }
.header h1 { margin: 0 0 4px; font-size: 28px; }
.header small { color: #8c959f; font-size: 14px; }
.header nav { display: flex; gap: 8px; margin: 12px 0; }
.header nav button { border: 1px solid #d0d7de; background: #fff; border-radius: 16px; padding: 4px 12px; }
.header nav button.active { background: #0969da; color: #fff; border-color: #0969da; }
.add { display: flex; gap: 8px; margin-bottom: 16px; }
.add input { flex: 1; padding: 8px; border: 1px solid #d0d7de; border-radius: 6px; }
.tasks { list-style: none; padding: 0; margin: 0; }
.task { display: flex; justify-content: space-between; padding: 10px 0; border-bottom: 1px solid #eaeef2; }
.task.high span { font-weight: 600; }
.task.done span { text-decoration: line-through; color: #8c959f; }
.empty { color: #8c959f; text-align: center; }
@media (max-width: 480px) { .board { margin: 0; border-radius: 0; } .add { flex-direction: column; } }
`;

/** The project's ten files, `release` written into src/data.ts. */
export const siteProject = (release = 1) => [
  { path: 'src/main.tsx', content: main },
  { path: 'src/App.tsx', content: app },
  { path: 'src/types.ts', content: types },
  { path: 'src/data.ts', content: dataFile(release) },
  { path: 'src/hooks/useTasks.ts', content: useTasks },
  { path: 'src/components/Header.tsx', content: header },
  { path: 'src/components/TaskList.tsx', content: taskList },
  { path: 'src/components/TaskItem.tsx', content: taskItem },
  { path: 'src/components/AddTask.tsx', content: addTask },
  { path: 'src/styles.css', content: styles },
];

/** Files as a web builder's reply writes them: fenced blocks whose info string names the file. */
export const asReply = (files) =>
  files
    .map(
      ({ path, content }) => `\`\`\`${path.slice(path.lastIndexOf('.') + 1)} path=${path}\n${content}\`\`\``,
    )
    .join('\n\n');
