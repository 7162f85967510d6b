/** A tile's grey placeholder while its list loads: the art box and one line of name, in the tile's own classes (tile, art, meta, name). */
export function TileSkeleton({ classes }: { classes: CSSModuleClasses }) {
  return (
    <div className={classes.tile} aria-hidden="true">
      <div className={classes.art} />
      <div className={classes.meta}>
        <span className={classes.name}>&nbsp;</span>
      </div>
    </div>
  );
}
