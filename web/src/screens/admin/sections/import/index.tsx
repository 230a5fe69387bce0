import { AnimePicker, ImportNotices, ImportPager, ImportProgress, ImportToolbar } from './parts';
import { ImportTable } from './table';
import { useImport } from './useImport';

/** Character import (requirements C2.8, C4, C5, C8). */
export default function ImportSection() {
  const imp = useImport();
  return (
    <div className="admin-catalogue admin-import">
      <AnimePicker imp={imp} />
      <ImportNotices imp={imp} />
      {imp.anilist.length > 0 ? (
        <>
          <ImportToolbar imp={imp} />
          <ImportProgress imp={imp} />
          <ImportPager imp={imp} where="top" />
          <ImportTable imp={imp} />
          <ImportPager imp={imp} where="bottom" />
        </>
      ) : null}
    </div>
  );
}
