<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="32" tileheight="32" tilecount="4" columns="2">
 <image source="terrain.png" width="64" height="64"/>
</tileset>
